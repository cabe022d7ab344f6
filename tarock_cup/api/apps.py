from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "tarock_cup.api"
    verbose_name = _("Public JSON API")
