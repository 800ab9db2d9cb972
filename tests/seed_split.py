"""Long random runs in two parts: the first seeds in the quick group (`make check`), the rest marked
slow, so `make test` (and CI) still plays every one of them."""

import pytest


def quick_then_rest(total: int, quick: int) -> list:
    return [pytest.param(range(quick), id=f"seeds-0-{quick - 1}"),
            pytest.param(range(quick, total), id=f"seeds-{quick}-{total - 1}", marks=pytest.mark.slow)]
