from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NationalConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tarock_cup.national"
    verbose_name = _("National final")
