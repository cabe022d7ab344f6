"""The size limit of every uploaded file (a player list, a score sheet, a final ranking).

The limit is written once, here; the refusal and the forms' help texts name it from here too,
so a new limit cannot leave a page promising the old one.
"""

from typing import TYPE_CHECKING

from django.utils.functional import lazy
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MAX_UPLOAD_MB = 2
MAX_UPLOAD = MAX_UPLOAD_MB * 1024 * 1024


def too_large() -> str:
    """Return the refusal of a file over the limit."""
    return _("The file is larger than %(mb)s MB.") % {"mb": MAX_UPLOAD_MB}


def _name_limit(text: "StrOrPromise") -> str:
    return str(text) % {"mb": MAX_UPLOAD_MB}


# A form's help text marked with gettext_lazy, its %(mb)s filled in when the page is shown (in
# the page's language).
name_limit = lazy(_name_limit, str)
