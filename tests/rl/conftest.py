"""The research API's tests need the extra ``asobiba[rl]``; without it they are skipped, saying so."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the research API needs asobiba[rl] (numpy)")
pytest.importorskip("gymnasium", reason="the research API needs asobiba[rl] (gymnasium)")
pytest.importorskip("pettingzoo", reason="the research API needs asobiba[rl] (pettingzoo)")
