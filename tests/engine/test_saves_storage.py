"""Storage limits (issue 32): backups are capped by count and size, oldest first."""

from game import saves


def _key(ms: int, what: str = "") -> str:
    return saves.backup_key(ms, what)


def test_backups_over_the_count_go_oldest_first_and_the_new_one_stays():
    sizes = {_key(1000 + i, "history" if i % 2 else ""): 10 for i in range(8)}
    sizes["kortbordet.v1.session"] = 10**6  # not a backup: never counted or dropped
    drop = saves.backups_to_drop(sizes, keep={_key(1000)})
    assert len(drop) == 3 and _key(1000) not in drop
    assert drop == [_key(1001, "history"), _key(1002), _key(1003, "history")]
    assert saves.backups_to_drop({k: v for k, v in sizes.items() if k not in drop}) == []


def test_backups_over_the_size_go_until_the_rest_fits():
    sizes = {_key(1): 300_000, _key(2): 300_000, _key(3): 50_000}
    assert saves.backups_to_drop(sizes) == [_key(1)]
    # one backup larger than the whole allowance is kept when it is the one just made
    assert saves.backups_to_drop({_key(5): 10**6}, keep=[_key(5)]) == []
    assert saves.backups_to_drop({_key(5): 10**6}) == [_key(5)]


def test_a_backup_key_tells_its_time_and_a_foreign_key_none():
    assert saves.backup_time(saves.backup_key(1733000000000, "history")) == 1733000000000
    assert saves.backup_time(saves.backup_key(5, "", lambda k: True).replace("-1000", "-2")) == 5
    assert saves.backup_time("kortbordet.backup.x") == 0
    assert saves.backup_time("other") == 0


def _session(game="tonk", seed=5):
    from game.session import Session
    return Session.new(game, {}, [{"name": "A", "kind": "human"},
                                  {"name": "B", "kind": "bot", "level": "easy"}], seed)


def test_a_save_carries_its_revision_and_date_and_reads_back_the_same_game():
    s = _session()
    text = saves.dumps(s, rev=7, saved_ms=1733000000000)
    assert saves.save_meta(text) == {"rev": 7, "saved": 1733000000000, "game": "tonk",
                                     "seed": 5}
    assert saves.loads(text).to_dict() == s.to_dict()
    assert saves.save_meta(saves.dumps(s))["rev"] == 0  # an older save: revision 0


def test_a_game_put_aside_is_a_stored_item_of_its_own_read_like_the_saved_game():
    for game in ("durak", "dunka", "elvakort", "tonk"):
        key = saves.parked_key(game)
        assert saves.STORED_ITEMS[key] == "parked"
        assert saves.read_stored(key, saves.dumps(_session(game))).game == game
