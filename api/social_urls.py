"""Table talk, mutes, ratings and invitations: their REST routes (included from api/urls.py)."""
from django.urls import path

from api import converters  # noqa: F401 (registers the "id" path converter)
from api import social as api

urlpatterns = [
    path("api/v1/games/<id:game_id>/messages/", api.MessagesView.as_view(), name="table-messages"),
    path("api/v1/games/<id:game_id>/messages/read/", api.MessagesReadView.as_view(), name="table-messages-read"),
    path("api/v1/games/<id:game_id>/ratings/", api.GameRatingsView.as_view(), name="table-game-ratings"),
    path("api/v1/games/<id:game_id>/invitations/", api.GameInvitationsView.as_view(), name="table-invite"),
    path("api/v1/invitations/<id:pk>/accept/", api.InvitationAnswerView.as_view(accept=True),
         name="table-invitation-accept"),
    path("api/v1/invitations/<id:pk>/decline/", api.InvitationAnswerView.as_view(accept=False),
         name="table-invitation-decline"),
    path("api/v1/invitations/<id:pk>/withdraw/", api.InvitationWithdrawView.as_view(),
         name="table-invitation-withdraw"),
    path("api/v1/me/invitations/", api.MyInvitationsView.as_view(), name="table-my-invitations"),
    path("api/v1/me/mutes/", api.MutesView.as_view(), name="table-mutes"),
    path("api/v1/me/mutes/<str:username>/", api.MuteDetailView.as_view(), name="table-mute"),
    path("api/v1/me/ratings/", api.MyRatingsView.as_view(), name="table-my-ratings"),
    path("api/v1/leaderboard/<slug:slug>/", api.LeaderboardView.as_view(), name="table-leaderboard"),
]
