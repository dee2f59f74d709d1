"""The one in-process cache (webapp/lru.py): bounded, least recently used out first, and safe
when four threads read, write, evict and clear at once (the hand-rolled caches it replaced
raised KeyError when an eviction fell between a look-up and its reordering)."""
import pathlib
import random
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.lru import LRU


def test_four_threads_hammering_get_put_evict_and_clear_never_raise():
    cache = LRU(64, weigh=lambda value: len(value))
    problems, start = [], threading.Barrier(4)

    def hammer(seed: int) -> None:
        rng = random.Random(seed)
        start.wait()
        try:
            for n in range(20_000):
                key = rng.randrange(200)
                if n % 3:
                    value = cache.get(key)
                    assert value is None or value == "x" * (key % 7 + 1)
                else:
                    cache.put(key, "x" * (key % 7 + 1))
                if n % 997 == 0:
                    cache.clear()
                key in cache  # noqa: B015 - the look-up itself is what is hammered
        except Exception as problem:  # noqa: BLE001 - any failure in a thread is the finding
            problems.append(problem)

    threads = [threading.Thread(target=hammer, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    assert len(cache) <= 64


@settings(max_examples=60, deadline=None)
@given(ops=st.lists(st.tuples(st.booleans(), st.integers(0, 9)), max_size=60))
def test_it_keeps_the_most_recently_used_within_its_bound(ops):
    cache, model = LRU(4), []  # model: keys, least recently used first
    for put, key in ops:
        if put:
            cache.put(key, key * 10)
            model = [k for k in model if k != key] + [key]
            model = model[-4:]
        else:
            assert cache.get(key) == (key * 10 if key in model else None)
            if key in model:
                model = [k for k in model if k != key] + [key]
    assert sorted(k for k in range(10) if k in cache) == sorted(model)


def test_a_value_heavier_than_the_bound_is_kept_alone():
    cache = LRU(10, weigh=len)
    cache.put("small", "ab")
    cache.put("big", "x" * 50)
    assert cache.get("big") == "x" * 50 and "small" not in cache


def test_no_service_keeps_a_hand_rolled_cache():
    services = pathlib.Path(__file__).resolve().parents[2] / "webapp" / "services"
    rolled = [p.name for p in services.glob("*.py") if "move_to_end" in p.read_text(encoding="utf-8")]
    assert rolled == []


def test_the_page_gate_s_and_the_fragments_caches_are_this_one_under_four_threads():
    """polling/pagegate.py and polling/fragments.py keep their answers in webapp/lru.py: four
    threads keeping and reading past the bound never raise, and two keeps of one key keep one copy."""
    from webapp.polling import fragments, pagegate

    answers = pagegate.kept_answers(2000)
    assert isinstance(answers, LRU) and isinstance(fragments._LOCAL, LRU)  # noqa: SLF001 - the cache itself
    problems, start = [], threading.Barrier(4)

    def hammer(seed: int) -> None:
        rng = random.Random(seed)
        start.wait()
        try:
            for _ in range(20_000):
                key = rng.randrange(100)
                body = b"x" * (key * 3 + 1)
                kept = answers.keep(key, ("200 OK", (), body))
                assert kept[2] == body
                got = answers.get(rng.randrange(100))
                assert got is None or len(got[2]) % 3 == 1
        except Exception as problem:  # noqa: BLE001 - any failure in a thread is the finding
            problems.append(problem)

    threads = [threading.Thread(target=hammer, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == [] and answers.weight <= 2000
    first = answers.keep("same", ("200 OK", (), b"one"))
    assert answers.keep("same", ("200 OK", (), b"two")) is first
