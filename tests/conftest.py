"""Shared fixtures: small and explicit."""

import pytest


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("direktor", password="geheim-123")
