"""Time pages against their budgets and print a line each (bench_calendar, bench_where_do_i_sit).

Importing this sets Django up on bench_web's throwaway database and settings.
"""

from bench_web import get, median_ms, queries
from django.test import Client

# (label, address, budget in ms or None for information only)
Case = tuple[str, str, float | None]


def time_pages(client: Client, cases: list[Case], runs: int) -> int:
    """Print each page's median wall-clock and CPU ms and its queries; return 1 if a budget is
    missed (0 if all are met), as the benchmark's exit status."""
    width = max(len(label) for label, _url, _budget in cases) + 2
    print(f"{'page':<{width}}{'median ms':>10}{'cpu ms':>8}{'queries':>9}  budget")
    failed = []
    for label, url, budget in cases:
        get(client, url)  # the first fetch fills the template and translation caches
        ms, cpu = median_ms(lambda u=url: get(client, u), runs)
        count = queries(client, url)
        verdict = "(information)"
        if budget is not None:
            verdict = f"< {budget:.0f} ms {'ok' if ms < budget else 'MISSED'}"
            if ms >= budget:
                failed.append(label)
        print(f"{label:<{width}}{ms:>10.1f}{cpu:>8.1f}{count:>9}  {verdict}")
    if failed:
        print(f"\nbudget missed: {', '.join(failed)}")
        return 1
    print("\nall budgets met")
    return 0
