"""The table's pages and fragments (included from web/urls.py, in its "web" namespace)."""
from django.urls import path

from table import web_views as views

urlpatterns = [
    path("games/<int:game_id>/talk/", views.chat_panel, name="table_talk"),
    path("games/<int:game_id>/talk/messages/", views.chat_messages, name="table_talk_messages"),
    path("games/<int:game_id>/talk/say/", views.chat_post, name="table_talk_post"),
    path("games/<int:game_id>/talk/mute/", views.chat_mute, name="table_talk_mute"),
    path("games/<int:game_id>/invitations/<int:invitation_id>/withdraw/", views.invitation_withdraw,
         name="table_invitation_withdraw"),
    path("invitations/", views.invitations, name="table_invitations"),
    path("invitations/<str:token>/", views.invitation_page, name="table_invitation"),
    path("leaderboards/", views.leaderboards, name="table_leaderboards"),
    path("leaderboards/<slug:slug>/", views.leaderboard, name="table_leaderboard"),
]
