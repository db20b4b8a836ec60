"""Secret options (a fixed deal, a layout): core shows them as "fixed" in every view and every sample
forgets them. Checked for the secret options the game declares (its capability), with values the
caller gives (``secret_values``: a secret option's values are the game's own, such as a deck order)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from asobiba.core.registry import get_game
from asobiba.testing.capabilities import capabilities
from asobiba.testing.errors import expect
from asobiba.testing.playing import table_size

#: Values for every secret option of a game at a table of so many players.
SecretValues = Callable[[int], Mapping[str, Any]]
#: Decisions played and checked.
CHECKED_DECISIONS = 30


def check_secret_options(name: str, seed: int, secret_values: SecretValues) -> None:
    """With every secret option set, no view or sample record shows its value; each view shows it as
    ``"fixed"``, a sample forgets it (``None``) and still looks the same to its player."""
    secrets = capabilities(name).secret_options
    players = table_size(name, seed)
    setup = dict(secret_values(players))
    expect(set(setup) == set(secrets), f"{name}: secret_values gives {sorted(setup)}, the secret options are {secrets}")
    state = get_game(name).new_game(players, seed=seed, **setup)
    secret_texts = {json.dumps(value) for value in setup.values()}
    rng = random.Random(seed)
    for _ in range(CHECKED_DECISIONS):
        where = f"{name} (seed {seed}, seq {state.seq})"
        for viewer in (None, *range(players)):
            view = state.view(viewer)
            expect(all(view["options"][secret] == "fixed" for secret in secrets), f"{where}: a secret is not 'fixed'")
            expect(
                not any(text in json.dumps(view) for text in secret_texts), f"{where}: {viewer}'s view holds a secret"
            )
            if viewer is None:
                continue
            sample = state.observe(viewer).sample(rng.getrandbits(32))
            expect(all(sample.options[secret] is None for secret in secrets), f"{where}: a sample keeps a secret")
            expect(sample.view(viewer) == view, f"{where}: a sample looks different to p{viewer}")
            record = json.dumps(sample.record())
            expect(not any(text in record for text in secret_texts), f"{where}: a sample's record holds a secret")
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
