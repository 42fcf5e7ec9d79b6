"""A URL whose view fails, to see what the API answers for an error nobody planned."""
from django.urls import include, path


def fails(request):
    raise RuntimeError("a bug")


urlpatterns = [
    path("api/v1/fails/", fails),
    path("", include("config.urls")),
]
