"""The worker's endpoints. Included from config/urls.py with path("", include("worker.urls"))."""
from django.urls import path

from worker import api

urlpatterns = [
    path("api/v1/me/notifications/", api.PreferencesView.as_view(), name="notification-preferences"),
    path("api/v1/me/webhooks/", api.WebhookListView.as_view(), name="webhook-list"),
    path("api/v1/me/webhooks/<int:pk>/", api.WebhookDetailView.as_view(), name="webhook-detail"),
    path("api/v1/me/webhooks/<int:pk>/deliveries/", api.WebhookDeliveriesView.as_view(), name="webhook-deliveries"),
    path("api/v1/me/webhooks/<int:pk>/ping/", api.WebhookPingView.as_view(), name="webhook-ping"),
    path("api/v1/me/vacations/", api.VacationListView.as_view(), name="vacation-list"),
    path("api/v1/me/vacations/<int:pk>/", api.VacationDetailView.as_view(), name="vacation-detail"),
    path("api/v1/games/<int:game_id>/clocks/", api.ClocksView.as_view(), name="game-clocks"),
    path("api/v1/unsubscribe/<str:token>/", api.UnsubscribeView.as_view(), name="unsubscribe"),
]
