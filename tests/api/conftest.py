import pytest

from tests.api import world as world_module


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("owner", password="pw-123456")


@pytest.fixture
def world(owner, director):
    return world_module.build(owner, director)
