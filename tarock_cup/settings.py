"""Settings for tarock_cup: every deploy knob comes from the environment."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

# ModelForm[Cup], ModelChoiceField[Player] and the like are generic for mypy only; this makes
# them subscriptable at run time too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    """Return the environment variable as a boolean ("1", "true", "yes", "on" are true)."""
    return os.environ.get(name, default).strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: str) -> int:
    """Return the environment variable as an integer."""
    return int(os.environ.get(name, default))


def envlist(name: str, default: str) -> list[str]:
    """Return the comma-separated environment variable as a list."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", "1")
# Behind one reverse proxy (nginx, Caddy) that terminates TLS and sets X-Forwarded-Proto and
# X-Forwarded-For; see tarock_cup.client_ip.
BEHIND_PROXY = envbool("BEHIND_PROXY", "0")

# The development key is only for DEBUG; production must set SECRET_KEY.
DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105
SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY if DEBUG else "")
if not DEBUG and SECRET_KEY in {"", DEV_SECRET_KEY}:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a long random secret of your own when DEBUG is off "
        "(the development key is public); for example: "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
    )

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")
# The address the players' phones reach the site at (https://tarock.example.org, or
# http://192.168.1.20:8000 on a venue's network): QR codes and table links are built on it, so
# cards printed on the director's laptop from http://localhost still lead somewhere. Empty: the
# address each request came in by. tarock_cup/checks.py checks it against ALLOWED_HOSTS.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "tarock_cup.tournaments",
    "tarock_cup.exports",
    "tarock_cup.imports",
    "tarock_cup.cups",
    "tarock_cup.tariffs",
    "tarock_cup.register",
    "tarock_cup.api",
    "tarock_cup.signon",
    "tarock_cup.national",
    "tarock_cup.venue",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A page that needs a tournament's tariff the engine now refuses says so (not a 500).
    "tarock_cup.tariffs.middleware.TariffNotApplicableMiddleware",
    "tarock_cup.tournaments.middleware.PlayedElsewhereMiddleware",
    # A database outage answers 503 with a page saying nothing was saved (not a bare 500).
    "tarock_cup.outage.DatabaseOutageMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tarock_cup.urls"
WSGI_APPLICATION = "tarock_cup.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Each server thread holds at most one connection, so gunicorn.conf.py's workers × threads (32
# by default) bounds the connections; keep it below PostgreSQL's max_connections (100 by
# default). In production a thread keeps its connection for DB_CONN_MAX_AGE seconds instead of
# opening one for every request; runserver starts a thread per request, so it must not.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=envint("DB_CONN_MAX_AGE", "0" if DEBUG else "60"),
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Each server process keeps its rendered live pages in its own memory, and leaves each page it
# renders in the database for the other processes (tournaments/live.py). Typed table codes are
# counted in a table of their own, not a cache: a cache drops entries to make room, and with them
# the counts (tournaments/links.py). `migrate` creates the database cache's table
# (tournaments/apps.py).
# CACHE_URL=redis://HOST:6379/0 keeps the shared copies in Redis instead (Django's RedisCache),
# which every app host reaches; without it the database holds them, no server needed.
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(
        f"CACHE_URL must be a Redis address (redis://HOST:6379/0), not {CACHE_URL!r}; "
        "leave it empty to keep the live pages' shared copies in the database"
    )
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "tarock_cup",
        }
        if CACHE_URL
        else {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "tarock_cup_live_pages",
        }
    ),
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login guessing: after AXES_FAILURE_LIMIT failures for one user name from one address, that
# pair is locked out for AXES_COOLOFF_MINUTES; the director logging in from elsewhere is not.
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", "5")
AXES_COOLOFF_TIME = timedelta(minutes=envint("AXES_COOLOFF_MINUTES", "15"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "tarock_cup.client_ip.client_ip"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "de-at")
LANGUAGES = [("de", _("German")), ("en", _("English"))]
# English dates without the American month first and slashes (tarock_cup/formats/en).
FORMAT_MODULE_PATH = ["tarock_cup.formats"]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Vienna")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Production hardening: with DEBUG off the site is HTTPS only (plain http is redirected, cookies
# travel only over HTTPS, browsers are told by HSTS to use nothing else for a year). A laptop
# serving a venue's network over plain http has no certificate, and every browser would then
# refuse it: HTTPS=0 turns all of these off at once (the traffic is unencrypted). Each can still
# be set on its own, e.g. behind a TLS-terminating proxy that needs it.
HTTPS = envbool("HTTPS", "0" if DEBUG else "1")
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "1" if HTTPS else "0")
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", "1" if HTTPS else "0")
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", "1" if HTTPS else "0")
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0")
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", "1" if HTTPS else "0")
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "1" if HTTPS else "0")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Every page may load scripts, styles and images from this site only, so an injected <script>,
# inline handler or style does nothing; templates bind behaviour in static/js instead.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# The live pages (standings, tables, the projector) that phones poll: a copy shown to visitors
# is made anew at most this often while hands are being saved (tarock_cup/tournaments/live.py).
LIVE_REBUILD_SECONDS = float(os.environ.get("LIVE_REBUILD_SECONDS", "2"))
# An older copy of a live page, made less than this ago, is served while its next copy is
# rendered once the answer is sent: a poll never waits for a rendering (tournaments/live.py).
LIVE_STALE_SECONDS = float(os.environ.get("LIVE_STALE_SECONDS", "30"))

# Uploads (score sheets, player lists) are small; refuse anything large.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# The Excel export streams each sheet through a temporary file (750 for 1,000 players); in a
# memory-backed directory that is several times quicker than on disk. It is used only while it
# has 256 MB free; empty means the system's temporary directory. The files are made as tempfile
# makes them (exclusively, readable by this user only), as in /tmp.
EXPORT_SCRATCH_DIR = os.environ.get("EXPORT_SCRATCH_DIR", "/dev/shm")  # noqa: S108

# E-mail is sent only where the deploy names a mail server: a sign-on's personal link then goes
# to the player's address too. Without EMAIL_HOST no mailer is set up and nothing is sent; the
# confirmation page always shows the link.
SENDS_MAIL = bool(os.environ.get("EMAIL_HOST"))
if SENDS_MAIL:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": envint("EMAIL_PORT", "587"),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": envbool("EMAIL_USE_TLS", "1"),
            },
        }
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tarock-cup@localhost")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
