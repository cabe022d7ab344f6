from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VenueConfig(AppConfig):
    name = "tarock_cup.venue"
    verbose_name = _("Venue without network")
