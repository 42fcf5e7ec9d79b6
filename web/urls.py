from django.contrib.auth import views as auth_views
from django.urls import include, path

from web.views import accounts, game, lobby, preferences, table

app_name = "web"

urlpatterns = [
    path("", lobby.home, name="home"),
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password-reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path("password-reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("password-reset/<uidb64>/<token>/", accounts.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("password-reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("lobby/<slug:slug>/new/", lobby.create_game, name="create"),
    path("games/", lobby.my_games, name="my_games"),
    path("games/<int:game_id>/", game.game_page, name="game"),
    path("games/<int:game_id>/live/", game.game_live, name="live"),
    path("games/<int:game_id>/move/", game.game_move, name="move"),
    path("games/<int:game_id>/join/", game.game_join, name="join"),
    path("games/<int:game_id>/table/", table.table_action, name="table"),
    path("games/<int:game_id>/invite/", lobby.invite, name="invite"),
    path("games/<int:game_id>/log/", game.game_log, name="log"),
    path("games/<int:game_id>/replay/", game.game_replay, name="replay"),
    path("games/<int:game_id>/audit/", game.game_audit, name="audit"),
    path("games/<int:game_id>/export.json", game.game_export, name="export"),
    path("settings/", preferences.settings_page, name="settings"),
    path("settings/preferences/", preferences.preferences_save, name="preferences"),
    path("email/<str:token>/", preferences.email_preferences, name="email_preferences"),
    path("settings/webhooks/", preferences.webhook_add, name="webhook_add"),
    path("settings/webhooks/<int:webhook_id>/remove/", preferences.webhook_remove, name="webhook_remove"),
    path("settings/vacations/", preferences.vacation_add, name="vacation_add"),
    path("settings/vacations/<int:vacation_id>/cancel/", preferences.vacation_cancel, name="vacation_cancel"),
    path("settings/token/rotate/", preferences.token_rotate, name="token_rotate"),
    path("", include("table.web_urls")),   # table talk, invitations, leaderboards
]
