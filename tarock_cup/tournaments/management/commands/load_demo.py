from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tarock_cup.tournaments import demo

DEMO_USERNAME = "director"
DEMO_PASSWORD = "tarock-demo"  # noqa: S105 - printed for the local demo on purpose


class Command(BaseCommand):
    help = "Create the demo director and the demo tournament unless present, and print the login."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--port", type=int, default=8000, help="the port the site runs on")

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        director = user_model.objects.filter(username=DEMO_USERNAME).first()
        if director is None:
            director = user_model.objects.create_user(DEMO_USERNAME, password=DEMO_PASSWORD)
        if demo.load_demo(owner=director) is not None:
            self.stdout.write(f"Demo tournament loaded from {demo.FIXTURE.name}.")
        site = f"http://127.0.0.1:{options['port']}"
        self.stdout.write(
            f"\ntarock_cup runs at {site}/ (English: {site}/en/)\n"
            f"Demo tournament: {site}/t/{demo.DEMO_SLUG}/\n"
            f"Demo director login: {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
        )
