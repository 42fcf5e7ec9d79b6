from django.urls import include, path

urlpatterns = [
    path("", include("api.urls")),
    path("mail/inbound/", include("worker.mailplay.urls")),  # providers' inbound webhooks
    path("", include("web.urls")),
]
