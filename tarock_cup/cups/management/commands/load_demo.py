"""The demo for `make run`: the demo tournament and the demo cup that counts it.

It is a command of the cups app because cups sit above tournaments: the tournaments app never
imports cups, and this command loads the tournament's demo first and then the cup's.
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tarock_cup.cups import demo as cup_demo
from tarock_cup.tournaments import demo
from tarock_cup.tournaments.models import Tournament

DEMO_USERNAME = "director"
DEMO_PASSWORD = "tarock-demo"  # noqa: S105 - printed for the local demo on purpose


class Command(BaseCommand):
    help = (
        "Create the demo director, the demo tournament and the demo cup unless present, and "
        "print the login."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--port", type=int, default=8000, help="the port the site runs on")

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        director = user_model.objects.filter(username=DEMO_USERNAME).first()
        if director is None:
            director = user_model.objects.create_user(DEMO_USERNAME, password=DEMO_PASSWORD)
        if demo.load_demo(owner=director) is not None:
            self.stdout.write(f"Demo tournament loaded from {demo.FIXTURE.name}.")
        tournament = Tournament.objects.filter(slug=demo.DEMO_SLUG, owner=director).first()
        if tournament is not None and cup_demo.load_demo_cup(director, tournament) is not None:
            self.stdout.write("Demo cup created with the demo tournament in its season.")
        site = f"http://127.0.0.1:{options['port']}"
        self.stdout.write(
            f"\ntarock_cup runs at {site}/ (English: {site}/en/)\n"
            f"Demo tournament: {site}/t/{demo.DEMO_SLUG}/\n"
            f"Demo cup: {site}/cups/{cup_demo.DEMO_CUP_SLUG}/\n"
            f"Demo director login: {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
        )
