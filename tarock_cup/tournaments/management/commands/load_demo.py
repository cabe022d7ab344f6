from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERNAME = "director"
DEMO_PASSWORD = "tarock-demo"  # noqa: S105 - printed for the local demo on purpose


class Command(BaseCommand):
    help = "Create the demo director (and demo tournament) unless present, and print the login."

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        if not user_model.objects.filter(username=DEMO_USERNAME).exists():
            user_model.objects.create_user(DEMO_USERNAME, password=DEMO_PASSWORD)
        self.stdout.write(
            "\ntarock_cup runs at http://127.0.0.1:8000/ (English: http://127.0.0.1:8000/en/)\n"
            f"Demo director login: {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
        )
