from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExportsConfig(AppConfig):
    name = "tarock_cup.exports"
    verbose_name = _("Exports")
