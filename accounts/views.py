"""Sign up, one-click guest play, claiming a guest account, the profile page; the sign-in bonus and task
rewards' buttons, and the leaderboards."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import services, throttles
from accounts.forms import HintSettingForm, SignupForm, WatchSettingsForm
from tournaments import views as tournament_views
from games.errors import Refused
from money import rewards, selectors
from money.relief import relief_grant
from money.levels import rank

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _next_url(request, default: str = "home") -> str:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def signup(request):
    if request.user.is_authenticated:
        return redirect("accounts:claim" if request.user.is_guest else "accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # SIGNUPS_PER_IP_PER_DAY from one address: each account is paid the starting coins.
        if throttles.spend("signup", throttles.client_ip(request), settings.SIGNUPS_PER_IP_PER_DAY, throttles.DAY):
            user = services.account_create(username=form.cleaned_data["username"],
                                           password=form.cleaned_data["password1"])
            login(request, user, backend=BACKEND)
            messages.success(request, _("Welcome, %(name)s! You received %(coins)s coins.")
                             % {"name": user.username, "coins": intcomma(user.coins)})
            return redirect(_next_url(request))
        form.add_error(None, _("Enough accounts were made from your address today: log in, or try again tomorrow."))
    return render(request, "accounts/signup.html", {"form": form})


@require_POST
def guest(request):
    """Play now as a guest, in one click (see guest_sign_in)."""
    if not request.user.is_authenticated and not guest_sign_in(request):
        return redirect("accounts:signup")
    return redirect(_next_url(request))


def guest_sign_in(request) -> bool:
    """A fresh guest account, logged in at once (False, with the reason as a message, past
    GUESTS_PER_IP_PER_DAY from one address, so nobody farms starting coins). The join page's one-tap
    seat uses it too (games.pages.views.join)."""
    if not throttles.spend("guest", throttles.client_ip(request), settings.GUESTS_PER_IP_PER_DAY, throttles.DAY):
        messages.error(request, _("Enough guest accounts were made from your address today: "
                                  "sign up or log in to play."))
        return False
    user = services.guest_create()
    login(request, user, backend=BACKEND)
    messages.success(request, _("You are playing as a guest with %(coins)s coins. "
                                "Claim the account any time to keep them.") % {"coins": intcomma(user.coins)})
    return True


@login_required
def claim(request):
    """A guest chooses a username and password; coins and hands stay with the account. A safe `next`
    (a club's invite, which guests may not take) is where the claimed account goes on."""
    if not request.user.is_guest:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    onward = _next_url(request, "")
    if request.method == "POST" and form.is_valid():
        user = services.guest_claim(user=request.user, username=form.cleaned_data["username"],
                                    password=form.cleaned_data["password1"])
        login(request, user, backend=BACKEND)  # the password changed: keep the session valid
        messages.success(request, _("The account is yours now, %(name)s.") % {"name": user.username})
        return redirect(onward or "accounts:profile")
    return render(request, "accounts/claim.html", {"form": form, "next": onward})


@login_required
def profile(request):
    return render(request, "accounts/profile.html",
                  {"profile": request.user, "recent_hands": selectors.recent_hands(request.user),
                   "relief": selectors.relief_offer(request.user), "rank": rank(request.user.experience),
                   "signin": selectors.signin_offer(request.user), "tasks": selectors.today_tasks(request.user),
                   "history": selectors.coin_history(request.user, request.GET.get("page")),
                   "watch_form": WatchSettingsForm(instance=request.user),
                   "hint_form": HintSettingForm(initial={"show_hints": request.user.show_hints}),
                   "tournaments": tournament_views.mine_panel(request)})


def leaderboard(request):
    return render(request, "accounts/leaderboard.html", {"boards": selectors.leaderboards()})


@require_POST
@login_required
def signin(request):
    """The daily sign-in bonus's button (lobby, profile)."""
    try:
        paid = rewards.signin_claim(user=request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        if paid:
            messages.success(request, _("Signed in: the house gave you %(coins)s coins.") % {"coins": intcomma(paid)})
    return redirect(_next_url(request, "games:lobby"))


@require_POST
@login_required
def task_claim(request, task_id: int):
    """A done daily task's button: its reward."""
    try:
        paid = rewards.task_claim(user=request.user, task_id=task_id)
    except Refused as e:
        messages.error(request, str(e))
    else:
        if paid:
            messages.success(request, _("Task done: the house gave you %(coins)s coins.") % {"coins": intcomma(paid)})
    return redirect(_next_url(request, "games:lobby"))


@require_POST
@login_required
def watch_settings(request):
    """The profile's watch settings: public replays (default off), may be watched (default on)."""
    form = WatchSettingsForm(request.POST, instance=request.user)
    if form.is_valid():
        services.watch_settings_save(form=form)
        messages.success(request, _("Your settings were saved."))
    return redirect("accounts:profile")


@require_POST
@login_required
def relief(request):
    """The relief grant's button (lobby, profile): `n` is which of today's grants the page offered."""
    n = request.POST.get("n", "")
    try:
        paid = relief_grant(user=request.user, n=int(n) if n.isdigit() else 0)
    except Refused as e:
        messages.error(request, str(e))
    else:
        if paid:
            messages.success(request, _("The house gave you %(coins)s relief coins.") % {"coins": intcomma(paid)})
    return redirect(_next_url(request, "games:lobby"))


@require_POST
@login_required
def hint_setting(request):
    """The profile's switch for the winning-card hints (a page without JavaScript posts it)."""
    form = HintSettingForm(request.POST)
    if form.is_valid():
        services.hints_set(user=request.user, show=form.cleaned_data["show_hints"])
        messages.success(request, _("Your setting is saved."))
    return redirect("accounts:profile")
