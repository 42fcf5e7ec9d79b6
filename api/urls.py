from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import SimpleRouter

from api import views

router = SimpleRouter(trailing_slash=True)
router.register("catalog", views.CatalogViewSet, basename="catalog")
router.register("games", views.GameViewSet, basename="game")

urlpatterns = [
    path("api/v1/ping/", views.PingView.as_view(), name="ping"),
    path("api/v1/accounts/", views.AccountCreateView.as_view(), name="account-create"),
    path("api/v1/auth/token/", views.TokenView.as_view(), name="auth-token"),
    path("api/v1/", include(router.urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
]
