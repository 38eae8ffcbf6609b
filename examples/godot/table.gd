extends Control
## Four NPCs play one hand at an mjkit table: the MjTable class of the GDExtension is the
## referee, its bots decide for every seat (each from its own seat's view), and the log shows
## what happened as the table's `event` signal reports it (the deal, draws, flowers, discards,
## claims that won and lost, melds, the win and the payments), then the final hands and the
## result. "Play a hand" deals the
## next hand of the same table (scores add up); changing the rules or the seed starts a new one.

const BOTS: PackedStringArray = ["mjkit", "thesis:99", "greedy", "thesis:5"]
const WINDS: PackedStringArray = ["East", "South", "West", "North"]
const VARIANTS: PackedStringArray = ["taiwan16", "13"]

var _table: MjTable = null
var _lines := PackedStringArray()

@onready var _variant: OptionButton = %Variant
@onready var _seed: SpinBox = %Seed
@onready var _play: Button = %Play
@onready var _back: Button = %Back
@onready var _scores: Label = %Scores
@onready var _result: Label = %Result
@onready var _log: RichTextLabel = %Log


func _ready() -> void:
	_variant.add_item("Taiwanese 16-tile (144 tiles, flowers)")
	_variant.add_item("13-tile (136 tiles)")
	_variant.item_selected.connect(_new_table.unbind(1))
	_seed.value_changed.connect(_new_table.unbind(1))
	_play.pressed.connect(_play_hand)
	_back.pressed.connect(func() -> void: get_tree().change_scene_to_file("res://main.tscn"))
	_scores.text = "Seats: %s" % ", ".join(_seat_names())


func _seat_names() -> PackedStringArray:
	var names := PackedStringArray()
	for seat in BOTS.size():
		names.append("%d = %s" % [seat, BOTS[seat]])
	return names


func _new_table() -> void:
	_table = null
	_result.text = ""
	_log.text = ""


## One line per event of the table, as the observer (a referee) sees it.
func _on_event(ev: Dictionary) -> void:
	_lines.append(ev["text"])


func _hands(lines: PackedStringArray) -> void:
	for seat in BOTS.size():
		var view := _table.view(seat)
		var melds := PackedStringArray()
		for meld in view["melds"][seat]:
			melds.append("%s %s" % [meld["kind"], MjKit.tile_name(meld["tile"])])
		var shown := [seat, BOTS[seat], view["hand_text"], " | ".join(melds), view["flowers"][seat]]
		lines.append("  seat %d (%s): %s  melds [%s]  flowers %s" % shown)


func _result_text(result: Dictionary) -> String:
	match result["end"]:
		"exhaustive_draw":
			return "Exhaustive draw; ready at the end: seats %s" % [result["tenpai"]]
		"self_draw":
			var drawn := [result["winners"][0], MjKit.tile_name(result["tile"]), result["points"]]
			return "Seat %d wins, self-drawn on %s; points %s" % drawn
		_:
			var won := [
				result["winners"],
				MjKit.tile_name(result["tile"]),
				result["discarder"],
				" (robbing a kong)" if result["robbed_kong"] else "",
				result["points"],
			]
			return "Seats %s win on %s from seat %d%s; points %s" % won


func _play_hand() -> void:
	if _table == null:
		var rules := {"variant": VARIANTS[_variant.selected]}
		_table = MjTable.create(rules, int(_seed.value))
		if _table == null:
			_result.text = "MjTable.create failed: see the Output panel"
			return
		_lines = PackedStringArray()
		_table.event.connect(_on_event)
		_table.set_event_reader(4)  # the observer: every tile; 0-3 for a seat's own view
	else:
		_lines = PackedStringArray()
		if not _table.next_hand():
			_result.text = "next_hand failed: see the Output panel"
			return
	var start := _table.view(0)
	var deal := [start["hand_index"], start["dealer"], WINDS[start["prevalent_wind"]]]
	_lines.insert(0, "Hand %d, dealer seat %d, %s wind:" % deal)
	# The NPC loop: every pending seat asks its bot and applies the answer; the log fills
	# from the event signal.
	while _table.phase() != "over":
		for seat in BOTS.size():
			if (_table.pending() & (1 << seat)) == 0:
				continue
			var action := _table.decide(seat, BOTS[seat])
			if action.is_empty() or not _table.apply(seat, action):
				_result.text = "seat %d could not act: see the Output panel" % seat
				return
	# A spectator's client rebuilds the hand from the public events alone (what a networked
	# watcher's screen shows); its view is the table's.
	var watcher := MjClient.create(
		{"variant": VARIANTS[_variant.selected]}, MjTable.READER_SPECTATOR
	)
	for ev in _table.events(MjTable.READER_SPECTATOR, 0):  # 0: from this hand's start
		watcher.apply(ev)
	var same: bool = watcher.view() == _table.view(MjTable.READER_SPECTATOR)
	_lines.append("A spectator's client rebuilt the hand from the public events: %s" % same)
	_lines.append("Final hands:")
	_hands(_lines)
	_log.text = "\n".join(_lines)
	_result.text = _result_text(_table.result())
	_scores.text = "Scores %s (seats: %s)" % [_table.view(0)["scores"], ", ".join(_seat_names())]
