from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "coins", "level", "experience", "is_guest", "is_staff", "date_joined")
    list_filter = ("is_guest", "is_staff", "is_active")
    readonly_fields = ("coins",)
    fieldsets = BaseUserAdmin.fieldsets + (
        (_("Game"), {"fields": ("coins", "level", "experience", "is_guest")}),
    )
