"""The demo national final for `make run`, loaded after the cups app's load_demo.

A command of the national app: the cups app's load_demo may not import the national app (cups
sit below it), so the Makefile's run target calls this one after it.
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tarock_cup.cups.demo import DEMO_CUP_SLUG
from tarock_cup.cups.management.commands.load_demo import DEMO_USERNAME
from tarock_cup.cups.models import Cup
from tarock_cup.national import demo


class Command(BaseCommand):
    help = "Create the demo national final with the demo cup in it unless present."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--port", type=int, default=8000, help="the port the site runs on")

    def handle(self, *args: Any, **options: Any) -> None:
        director = get_user_model().objects.filter(username=DEMO_USERNAME).first()
        cup = Cup.objects.filter(slug=DEMO_CUP_SLUG).first()
        if director is None or cup is None:
            self.stdout.write("No demo cup yet: run load_demo first.")
            return
        if demo.load_demo_national(director, cup) is not None:
            self.stdout.write("Demo national final created with the demo cup in it.")
        site = f"http://127.0.0.1:{options['port']}"
        self.stdout.write(f"Demo national final: {site}/national/{demo.DEMO_FINAL_SLUG}/\n")
