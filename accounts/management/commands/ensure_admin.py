"""Create the first admin account if there is none (`make serve` runs this).

The password comes from ADMIN_PASSWORD, or a random one is printed once.
"""
import os
import secrets

from django.core.management.base import BaseCommand

from accounts.models import User


class Command(BaseCommand):
    help = "Create the 'admin' superuser if no superuser exists yet."

    def handle(self, *args, **options):
        if User.objects.filter(is_superuser=True).exists():
            self.stdout.write("An admin account exists already (python manage.py changepassword NAME to reset it).")
            return
        username = os.environ.get("ADMIN_USERNAME", "admin")
        password = os.environ.get("ADMIN_PASSWORD") or secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, password=password, email="")
        if os.environ.get("ADMIN_PASSWORD"):
            told = "the password in ADMIN_PASSWORD"
        else:
            told = f"password {password} (shown only this once; change it in the admin)"
        self.stdout.write(self.style.SUCCESS(f"Admin account created: user {username!r}, {told}."))
