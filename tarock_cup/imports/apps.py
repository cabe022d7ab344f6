from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ImportsConfig(AppConfig):
    name = "tarock_cup.imports"
    verbose_name = _("Imports")
