extends Control
## The mjkit demo: type a hand in mjkit notation (or pick a sample) and the labels show its
## tiles, shanten number, waits and best discards, computed by the MjKit class that the
## GDExtension in res://addons/mjkit registers. The button opens table.tscn, where four NPCs
## play a hand at an MjTable.

const SAMPLES: PackedStringArray = [
	"123m456p789s1122z9p",
	"1112345678999m",
	"19m19p19s1234567z",
	"23m456p789s11122z",
	"1133557799m1133p",
	"13m2579p4688s1357z",
]

@onready var _hand_input: LineEdit = %HandInput
@onready var _samples: OptionButton = %Samples
@onready var _table_demo: Button = %TableDemo
@onready var _tiles: Label = %Tiles
@onready var _shanten: Label = %Shanten
@onready var _waits: Label = %Waits
@onready var _discards: Label = %Discards
@onready var _problem: Label = %Problem


func _ready() -> void:
	for sample in SAMPLES:
		_samples.add_item(sample)
	_samples.item_selected.connect(_on_sample_selected)
	_hand_input.text_changed.connect(_show_hand)
	# The second scene: four bots play a hand at an MjTable.
	_table_demo.pressed.connect(func() -> void: get_tree().change_scene_to_file("res://table.tscn"))
	_hand_input.text = SAMPLES[0]
	_show_hand(SAMPLES[0])


func _on_sample_selected(index: int) -> void:
	_hand_input.text = SAMPLES[index]
	_show_hand(SAMPLES[index])


## Tile names of a list of tile kinds: [27, 28] -> "1z 2z".
func _names(kinds: PackedInt32Array) -> String:
	var names := PackedStringArray()
	for kind in kinds:
		names.append(MjKit.tile_name(kind))
	return " ".join(names)


func _shanten_text(shanten: int) -> String:
	match shanten:
		-1:
			return "complete: a winning hand"
		0:
			return "ready (tenpai)"
		_:
			return "%d-shanten: %d tile(s) away from ready" % [shanten, shanten]


func _show_hand(text: String) -> void:
	for label in [_tiles, _shanten, _waits, _discards, _problem]:
		label.text = ""
	# validate() explains a bad hand without reporting an error; the other methods report bad
	# input through Godot's error mechanism and return their sentinel (-2, [], {}).
	var problem := MjKit.validate(text)
	if problem != "":
		_problem.text = problem
		return
	var counts := MjKit.parse(text)
	var total := 0
	for count in counts:
		total += count
	_tiles.text = "Hand: %s (%d tiles)" % [MjKit.format(counts), total]
	if total % 3 == 0:
		_problem.text = "A hand has 3n+1 tiles (waiting) or 3n+2 tiles (to discard from)."
		return
	var shanten := MjKit.shanten(counts, MjKit.FORMS_RIICHI)
	_shanten.text = "Shanten: %s" % _shanten_text(shanten)
	if total % 3 == 1:
		var waits := MjKit.waits(counts, MjKit.FORMS_RIICHI)
		if waits.is_empty():
			var ukeire := MjKit.ukeire(counts, MjKit.FORMS_RIICHI, null)
			var draws := [_names(ukeire["tiles"]), ukeire["total"]]
			_waits.text = "Not ready. Draws that improve it: %s (%d tiles)" % draws
		else:
			_waits.text = "Waits: %s" % _names(waits)
		return
	if MjKit.is_win(counts, MjKit.FORMS_RIICHI):
		_waits.text = "Winning hand." + _riichi_text(counts, total)
	var lines := PackedStringArray()
	for discard in MjKit.best_discards(counts, MjKit.FORMS_RIICHI, null):
		var parts := [
			MjKit.tile_name(discard["tile"]),
			_shanten_text(discard["shanten"]),
			_names(discard["ukeire"]),
			discard["ukeire_count"],
		]
		lines.append("discard %s -> %s, accepts %s (%d tiles)" % parts)
	_discards.text = "Best discards:\n" + "\n".join(lines)


# A complete concealed hand of 14 tiles scored as a self-draw (menzen tsumo: always a yaku) won
# on its lowest tile, under the reference rules.
func _riichi_text(counts: PackedByteArray, total: int) -> String:
	if total != 14:
		return ""
	var win_tile := 0
	while counts[win_tile] == 0:
		win_tile += 1
	var options := {"win_tile": win_tile, "conditions": ["tsumo"]}
	var score := MjKit.riichi_score(counts, options)
	var yaku := PackedStringArray()
	for y in score["yaku"]:
		yaku.append("%s %d" % [y["name_en"], y["han"]])
	var parts := [MjKit.tile_name(win_tile), score["han"], score["fu"], score["total"]]
	return " Riichi, self-drawn on %s: %d han %d fu, %d points" % parts + " (%s)." % ", ".join(yaku)
