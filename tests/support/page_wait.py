"""Waiting for a condition in a page that has a strict Content-Security-Policy.

Playwright's `wait_for_function` polls its predicate inside the page with `eval`, which the
app's CSP (script-src 'self', no 'unsafe-eval') refuses; it only passes when the condition
already holds at the first look, which made tests flaky. `page.evaluate` goes through the
DevTools protocol instead, which the CSP does not govern, so we poll with it from here.
"""
import time


def wait_until(page, expression: str, timeout: float = 10000, every: float = 100):
    """Evaluate `expression` (a JS expression, or an async arrow function) until it is truthy."""
    deadline = time.monotonic() + timeout / 1000
    if not expression.lstrip().startswith(("async", "(", "function")):
        expression = f"!!({expression})"  # a plain truth (an object such as a service worker does not serialise)
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout / 1000:.0f} s: {expression}; {worker_state(page)}")
        page.wait_for_timeout(every)


_WORKER_STATE = """async () => {
  if (!navigator.serviceWorker) return 'no service worker API (not a secure context?)';
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return 'no service worker registered';
  const state = (w) => (w ? w.state : '-');
  return `service worker: installing ${state(reg.installing)}, waiting ${state(reg.waiting)}, `
    + `active ${state(reg.active)}, controller ${navigator.serviceWorker.controller ? 'yes' : 'no'}`;
}"""


def worker_state(page) -> str:
    """The page's service worker registration in a few words, for a failure message."""
    try:
        return page.evaluate(_WORKER_STATE)
    except Exception as exc:  # noqa: BLE001 - a diagnostic must not hide the failure it explains
        return f"service worker state unknown ({exc})"


def run_async(coroutine):
    """asyncio.run in a thread of its own: Playwright's sync API keeps an event loop running in
    the test thread once a browser test has run, and asyncio.run refuses to start under it."""
    import asyncio
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
