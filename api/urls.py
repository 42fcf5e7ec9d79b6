"""Every REST endpoint: games and the catalogue (views.py), a player's notifications,
webhooks and vacations, games' clocks, and the unsubscribe link."""
from pathlib import Path

import drf_spectacular_sidecar
from django.urls import include, path, re_path
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import SimpleRouter

from api import converters  # noqa: F401 (registers the "id" path converter)
from api import clocks, notifications, table, vacations, views, webhooks

SIDECAR_ASSETS = Path(drf_spectacular_sidecar.__file__).parent / "static" / "drf_spectacular_sidecar"

router = SimpleRouter(trailing_slash=True)
router.register("catalog", views.CatalogViewSet, basename="catalog")
router.register("games", views.GameViewSet, basename="game")

urlpatterns = [
    path("api/v1/ping/", views.PingView.as_view(), name="ping"),
    path("api/v1/accounts/", views.AccountCreateView.as_view(), name="account-create"),
    path("api/v1/auth/token/", views.TokenView.as_view(), name="auth-token"),
    path("api/v1/", include(router.urls)),
    path("api/v1/me/notifications/", notifications.PreferencesView.as_view(), name="notification-preferences"),
    path("api/v1/me/webhooks/", webhooks.WebhookListView.as_view(), name="webhook-list"),
    path("api/v1/me/webhooks/<id:pk>/", webhooks.WebhookDetailView.as_view(), name="webhook-detail"),
    path("api/v1/me/webhooks/<id:pk>/deliveries/", webhooks.WebhookDeliveriesView.as_view(),
         name="webhook-deliveries"),
    path("api/v1/me/webhooks/<id:pk>/ping/", webhooks.WebhookPingView.as_view(), name="webhook-ping"),
    path("api/v1/me/vacations/", vacations.VacationListView.as_view(), name="vacation-list"),
    path("api/v1/me/vacations/<id:pk>/", vacations.VacationDetailView.as_view(), name="vacation-detail"),
    path("api/v1/games/<id:game_id>/clocks/", clocks.ClocksView.as_view(), name="game-clocks"),
    path("api/v1/games/<id:game_id>/resign/", table.ResignView.as_view(), name="game-resign"),
    path("api/v1/games/<id:game_id>/cancel/", table.CancelProposeView.as_view(), name="game-cancel"),
    path("api/v1/games/<id:game_id>/cancel/vote/", table.CancelVoteView.as_view(), name="game-cancel-vote"),
    path("api/v1/games/<id:game_id>/takeback/", table.TakebackRequestView.as_view(), name="game-takeback"),
    path("api/v1/games/<id:game_id>/takeback/answer/", table.TakebackAnswerView.as_view(),
         name="game-takeback-answer"),
    path("api/v1/me/next-game/", table.NextGameView.as_view(), name="next-game"),
    path("api/v1/unsubscribe/<str:token>/", notifications.UnsubscribeView.as_view(), name="unsubscribe"),
    path("", include("api.social_urls")),   # table talk, mutes, ratings, invitations
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # Swagger UI's own files, from the pinned sidecar package: a handful of static
    # files, served here so the docs need no CDN and no static-files setup.
    re_path(r"^api/docs/assets/(?P<path>swagger-ui-dist/[A-Za-z0-9_.-]+)$", serve,
            {"document_root": SIDECAR_ASSETS}, name="swagger-ui-assets"),
]
