"""Sign up (the API's own account service), log in with throttling, password reset."""
from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme

from games import services
from games.errors import ServiceError
from web.forms import SignupForm, ThrottledLoginForm


def _next(request, default="web:home"):
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return default


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user, _token = services.account_create(**form.cleaned_data)
        except ServiceError as refused:
            form.add_error("username" if refused.code == "username_taken" else "password", refused.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")})


class LoginView(auth_views.LoginView):
    form_class = ThrottledLoginForm


class PasswordResetView(auth_views.PasswordResetView):
    success_url = reverse_lazy("web:password_reset_done")
    email_template_name = "registration/password_reset_email.txt"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    success_url = reverse_lazy("web:password_reset_complete")
