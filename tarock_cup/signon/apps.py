from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SignOnConfig(AppConfig):
    name = "tarock_cup.signon"
    verbose_name = _("Signing on")
