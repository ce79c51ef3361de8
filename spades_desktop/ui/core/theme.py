"""The look of the interface in one place: every colour the screens draw, the panels' colours by
their role, the type scale and the corners and edges of panels and buttons (no pygame).

Colours are RGB, or RGBA where a panel lets the table show through.  The card art's own colours
(suits, faces, backs) stay with it in ``ui/cards``.  Sizes of type are fractions of the window
height, as ``Fonts.get`` takes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.seats import Seat

# ---------------------------------------------------------------- the palette
GOLD = (232, 196, 92)  # titles, focus, whose turn it is, the winner of a trick
CREAM = (246, 240, 224)  # text on the dark panels
MUTED = (150, 160, 150)  # what matters less: labels, hints, a disabled choice
NOTICE = (250, 200, 120)  # a problem to know of, the play checker's remarks, why a choice is greyed
WARNING = (250, 185, 80)  # bags near the limit, spades broken, the play checker's latest note
NEGATIVE = (245, 120, 105)  # a score below zero, a contract set, a nil broken
MADE = (130, 220, 140)  # a contract made, a nil safe
DISABLED_REASON = (230, 170, 110)  # why a settings row cannot be changed
KEY_HELP_TEXT = (190, 200, 190)  # the table's key help
INK_ON_LIGHT = (25, 25, 30)  # text on a light panel (a bid bubble, the trump badge) and a black suit there

# ---------------------------------------------------------------- buttons
BUTTON = (40, 78, 60)
BUTTON_HOVER = (62, 112, 86)  # hovered; a selected tab, a value arrow that can move
BUTTON_PRESSED = (28, 56, 43)  # held down under the mouse: darker, its label a pixel lower
BUTTON_DISABLED = (55, 62, 58)
BUTTON_EDGE = (20, 30, 25)  # the edge of a button without focus

# ---------------------------------------------------------------- panels: fill and border by role
PANEL_FILL = (16, 36, 28, 225)  # a panel over the felt (the choice panel)
PANEL_BORDER = GOLD
PANEL_OPAQUE = (14, 32, 24, 255)  # a screen over the table that hides it (summaries, menus, help)
LIST_FILL = (14, 32, 24, 225)  # the settings' rows over the title background
QUIET_BORDER = (70, 90, 80)  # a panel that only informs (scoreboard, plates, settings); the score sheet's lines
MESSAGE_FILL = (10, 20, 15, 235)  # a message (on the table, or a toast over any screen)
TURN_FILL = (10, 20, 15, 215)  # whose turn, under the trick
PLATE_FILL = (12, 28, 20, 225)  # a seat's name plate
BOARD_FILL = (10, 24, 18, 225)  # the scoreboard, the mode's box, the trump badge before trump is named
CHIP_FILL = (40, 78, 60, 235)  # the Undo and Claim chips
TOOLTIP_FILL = (30, 22, 12, 235)  # why a greyed choice is not allowed (in NOTICE)
TOOLTIP_BORDER = NOTICE
BUBBLE_FILL = (246, 240, 224, 245)  # a computer's bid at its seat
SPEECH_FILL = (250, 247, 238, 250)  # a computer's word at a hand's end, by its plate (edged in the seat's colour)
BADGE_FILL = (246, 240, 224, 235)  # the trump badge once trump is named
PILE_BADGE = BUTTON_EDGE  # the count on a seat's pile of tricks
DEALER_CHIP = (240, 240, 240)
DEALER_INK = (30, 30, 30)  # the dealer chip's edge and letter

# ---------------------------------------------------------------- rows
ROW_FOCUS = (40, 70, 55)  # the row with the keyboard's focus, framed in GOLD: a setting, a list's selected row
ROW_STRIPE = (22, 44, 34)  # every other row of a list (the score sheet, the saves, Hand history)
CONTENTS_HOVER = (28, 54, 42)  # How to play's contents entry under the mouse (the current one is ROW_FOCUS)
DIVIDER = (48, 70, 58)  # a faint line between parts of a panel: How to play's contents, title and hints

# ---------------------------------------------------------------- a text box
FIELD_FILL = (245, 240, 225)
FIELD_INK = (30, 30, 30)  # its text and caret
FIELD_SELECTION = (150, 190, 240)

# ---------------------------------------------------------------- shades laid over things
VEIL = (0, 0, 0)  # darkens what lies under an overlay, as much as the overlay's alpha below
VEIL_SUMMARY = 140  # the table round the hand summary and game over
VEIL_MENU = 150  # the table under the pause menu
VEIL_TEXT = 170  # under How to play and a titled text
VEIL_LAST_TRICK = 200
VEIL_OPAQUE = 255  # nothing below shows through (the score sheet, a replay)
ILLEGAL_DIM = (0, 0, 0, 95)  # over a card that may not be played
CARD_SHADOW = (0, 0, 0, 18)  # each of the soft layers of a card's shadow on the felt
CLEAR = (0, 0, 0, 0)  # nothing: a transparent pixel
MASK = (255, 255, 255, 255)  # keeps what lies under it, where a shape is cut out (a picture's round corners)
PANEL_SHADOW = (0, 0, 0, 22)  # each of the soft layers of a panel's shadow

# ---------------------------------------------------------------- charts (game over, statistics)
CHART_SERIES = ((232, 196, 92), (110, 175, 235), (235, 125, 110), (170, 140, 225))  # the person's side first
CHART_GRID = (52, 76, 64)  # the value lines across
CHART_AXIS = (120, 140, 130)  # the axis and the zero line
CHART_TEXT = (190, 200, 190)  # tick labels, the legend, the axis titles
CHART_MARKER = (200, 200, 215)  # the hand where the lead changed
CHART_TARGET = GOLD  # the target score's dashed line
CHART_FLOOR = NEGATIVE  # the losing score's dashed line
CHART_WON = MADE
CHART_LOST = NEGATIVE
CHART_NEUTRAL = (110, 175, 235)  # a bar that is neither good nor bad (bags per hand)
CHART_INK = INK_ON_LIGHT  # a caption inside a bar

# ---------------------------------------------------------------- the table and the title screen
FELT = {"green": (18, 92, 58), "blue": (22, 62, 110), "red": (110, 30, 40), "grey": (60, 64, 70)}
FELT_GRAIN = (0, 0, 0)  # the ground of a tile of fibres, which are then drawn in greys
FELT_RIM = (0, 0, 0, 10)  # each ring of the darker rim toward the window's edges
SEAT_COLOURS = {Seat.S: (160, 120, 30), Seat.N: (30, 110, 120), Seat.E: (150, 60, 45), Seat.W: (95, 65, 150)}
#: the load list's small pictures of saved tables: the cards' backs and faces, and a save with none
PICTURE_BACK = (38, 66, 130)
PICTURE_CARD_EDGE = (225, 225, 215)
PICTURE_FACE = (246, 240, 224)
PICTURE_RED = (200, 40, 50)
PICTURE_BLACK = (25, 25, 30)
PICTURE_NONE = (30, 44, 38)  # the plain placeholder of a save whose game cannot be read
PICTURE_EDGE = 1  # the edges of a picture's felt and of its cards
RULE_LINE = 1  # a table's rule under its heading (the daily result's)
PICTURE_CARD_RADIUS = 2  # a picture's card's corners (its felt's are an eighth of its height)
PICTURE_RING = 2  # the gold edge round the hand whose turn it is
TITLE_SUIT_BLACK = (235, 235, 235)  # the title's spade and club, light on the dark background
TITLE_SUIT_RED = (215, 50, 60)  # the title's heart and diamond
#: a game won's shower of confetti: the gold of the titles, the suits' red, cream, the charts' blue and violet
CELEBRATION_COLOURS = ((232, 196, 92), (215, 50, 60), (246, 240, 224), (110, 175, 235), (170, 140, 225),
                       (130, 220, 140))
TITLE_FAN_FADE = 0.25  # seconds the title's fan takes to appear once its faces are drawn
TITLE_FAN_SPREAD = 11  # degrees between two cards of the title's fanned hand
TITLE_FAN_IN = 0.9  # seconds the title's cards take to fan out from a pile as the title opens
TITLE_BUTTON_SLOTS = 9  # places in the title's column of buttons (the last free one is the daily deal's)


def title_gradient(t: float) -> tuple[int, int, int]:
    """The title background's colour at ``t`` of the window's height (0 top, 1 bottom)."""
    return (int(12 + 20 * t), int(60 + 40 * (1 - t)), int(40 + 20 * t))


# ---------------------------------------------------------------- the type scale, largest first
TITLE = 0.075  # a menu's title (Spades Desktop, Paused)
BANNER = 0.07  # the end of a game: 'You win!'
PAGE_TITLE = 0.06  # a full-window list's title (Load, Statistics)
SETTINGS_TITLE = 0.055
HEADING = 0.05  # the hand summary, How to play
HEADING_SMALL = 0.045  # the score sheet, a replay, the last trick
SUBHEADING = 0.04  # Save game, a titled text over the table; a computer's bid in its bubble; a page's title
LARGE = 0.036  # a menu's buttons, a question to confirm, the name being typed
MESSAGE = 0.034  # the table's messages, a seat's initial
LEAD = 0.032  # the turn line, the trump badge, the draw's question, an info text, some buttons
BODY = 0.03  # tables of rows, the choice panel, name plates, the scoreboard, toasts
ROW = 0.029  # a settings row's label and value; How to play's text, where it fits
BODY_SMALL = 0.028  # settings tabs and buttons, the load list, statistics, a long text, How to play's contents
LABEL = 0.027  # the Undo and Claim chips
SMALL = 0.026  # the scoreboard's details, the bids so far, a greyed choice's reason, hints under a screen
PLATE_DETAIL = 0.025  # a name plate's second line
CAPTION = 0.024  # notes, footers, the version, 'thinking', the dealer chip's D
NOTE = 0.023  # the load screen's problems
FOOTNOTE = 0.022  # 'Any key closes', a settings row's note
TINY = 0.021  # the table's key help
SMALLEST = 0.0  # the smallest size allowed (``MIN_FONT_SIZE``), when nothing larger fits

# ---------------------------------------------------------------- corners, edges and padding
PANEL_RADIUS = 14  # a panel (the default), a bid bubble
SPEECH_RADIUS = 16  # a speech bubble (a computer's word), rounder than a panel
SPEECH_TAIL = 0.016  # a speech bubble's tail toward its speaker's plate, as a share of the window's height
MESSAGE_RADIUS = 12  # a message panel, a name plate
CHIP_RADIUS = 10  # chips, the scoreboard, the trump badge, the turn line
BUTTON_RADIUS = 10  # buttons and the settings' tabs
CONTROL_RADIUS = 8  # a settings row and its value control, a text box, a tooltip
BORDER = 2  # a panel's or a button's edge
SHADOW_LAYERS = 5  # a panel's shadow: this many soft layers, one pixel wider each
SHADOW_DROP = 3  # and this far below the panel
WINNER_FRAME = 4  # the gold frame round the card that wins a trick: this thick, this far out
WINNER_FRAME_RADIUS = 10
BADGE_EDGE = 2  # the ring of a round badge (a pile's count, the dealer chip)
CARET_WIDTH = 2  # a text box's caret
PRESS_SHIFT = 1  # a pressed button's label moves down this far, as if pushed in
FOCUS_BORDER = 3  # a focused or selected button's edge
FOCUS_RING_GAP = 4  # the keyboard's focus ring: this far outside the button, so it never looks like hover
FOCUS_RING = 2  # and this thick
MESSAGE_PADDING = (32, 18)  # a message panel is this much wider and taller than its lines
CHART_PADDING = 10  # round a chart's plot, and between its labels and the plot
CHART_LINE = 3  # a chart line's width (its dots are a pixel larger)
CHART_MARK = 3  # the line marked across a bar (the statistics' bid, in the target's gold)
NOTE_INDENT = 18  # a statistics note's lines (words in a chart's place), right of their dots
NOTE_DOT = 3  # the radius of the dot before each of a note's lines
CHART_BAR_GAP = 6  # between two bars
CHART_GAP = 24  # between two charts side by side (the statistics)
CHART_MIN_SLOTS = 8  # a bar is never wider than an eighth of its chart (a few bars are bars, not slabs)
CARD_ASPECT = 1.4  # a card's height over its width
SHEET_PADDING = 12  # the score sheet's table from the panel's sides
LIST_PADDING = 8  # the settings' rows from the edges of their panel
BUTTON_PADDING = 8  # a button's label at least this far from its ends (a larger text size shrinks it back to fit)
ROW_SPACING = 6  # between two settings rows
COLUMN_GAP = 14  # between the settings' two columns of rows, where the window has room for two
ROW_INSET = 22  # a settings row's label and note from its left edge (the changed mark sits in the inset)
CHANGED_MARK = 4  # the least radius of the gold dot before a setting whose value is not its default
NOTE_LINES = 3  # a settings row's note wraps to at most this many lines (else its help gives way)


# ---------------------------------------------------------------- typeface
@dataclass(frozen=True)
class Typeface:
    """A text face's files (under assets/), regular and bold."""

    regular: str
    bold: str
    family: str  # its name, to find it among the system's fonts if its files cannot be read

    def file(self, bold: bool) -> str:
        return self.bold if bold else self.regular

    @property
    def files(self) -> tuple[str, str]:
        return (self.regular, self.bold)


#: the text face of every screen and of the large-index cards (Inter, SIL OFL, in assets/fonts)
TYPEFACE = Typeface("fonts/Inter-Regular.otf", "fonts/Inter-Bold.otf", "Inter")
#: the type scale's sizes were set for pygame's built-in face, whose line is about 0.75 of the size
#: asked for; Inter's is 1.2: sizes are scaled so a line keeps its height and every layout its room
TYPEFACE_SCALE = 0.62



# ---------------------------------------------------------------- the computer players' portraits
#: each person's colours by seat (``ui/table/people.py`` holds the rest of their looks)
PERSON_SKIN = {"N": (176, 120, 86), "E": (242, 206, 178), "W": (238, 200, 164), "S": (122, 80, 58)}
PERSON_HAIR = {"N": (40, 30, 28), "E": (184, 92, 44), "W": (34, 30, 42), "S": (206, 206, 212)}
PERSON_SHIRT = {"N": (236, 178, 70), "E": (70, 104, 160), "W": (226, 120, 140), "S": (70, 150, 100)}
PERSON_EYES = {"N": (45, 32, 26), "E": (60, 90, 110), "W": (45, 32, 26), "S": (45, 32, 26)}
PORTRAIT_EARRING = (238, 200, 90)
PORTRAIT_LIP = (170, 70, 70)  # mixed into the skin under the mouth
PORTRAIT_GREY_BROWS = (90, 80, 78)  # brows under grey hair
PORTRAIT_EYE_SHINE = (250, 250, 250)
PORTRAIT_CHEEK = (236, 120, 120)
PORTRAIT_MOUTH = (120, 45, 45)
PORTRAIT_TEETH = (250, 250, 245)
PORTRAIT_GLASSES = (40, 36, 40)  # glasses' frames over a light backdrop
PORTRAIT_GLASSES_DARK = (30, 28, 32)  # over a dark one
PORTRAIT_MASK = (255, 255, 255, 255)  # the round portrait's cut-out
