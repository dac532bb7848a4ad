from __future__ import annotations

from itertools import combinations, product

from tests.covering import all_pairs


def test_every_pair_of_settings_is_in_a_case_and_fewer_cases_than_the_product() -> None:
    axes = {"name": ["magic", "glossary", "index"], "lang": ["en", "fr"], "width": ["390", "1366"]}
    cases = all_pairs(axes)
    for a, b in combinations(axes, 2):
        seen = {(case[a], case[b]) for case in cases}
        assert seen == set(product(axes[a], axes[b])), (a, b)
    assert len(cases) == 6  # 3 × 2 pairs cannot be covered by fewer; the product has 12


def test_two_settings_give_their_product_and_one_setting_each_value() -> None:
    assert len(all_pairs({"lang": ["en", "fr"], "scheme": ["light", "dark"]})) == 4
    assert all_pairs({"lang": ["en", "fr"]}) == [{"lang": "en"}, {"lang": "fr"}]
