"""The extension's own words ("Example", captions of generated material), per language: read
from its catalogue by :mod:`nqtranslate.site_words`, which the print products share."""

from __future__ import annotations

from nqtranslate.site_words import LOCALE_DIR as LOCALE_DIR
from nqtranslate.site_words import engine_text as engine_text
from nqtranslate.site_words import keywords as keywords
from nqtranslate.site_words import page_language as page_language
from nqtranslate.site_words import ui_text as ui_text
