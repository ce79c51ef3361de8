"""What a key can mean: the named intents, and the contexts (the table in a phase, a menu, a
dialog, a text box) a key means one of them in.  The bindings of keys to intents per context are
``keymap.KEYMAP``; the names live here, apart, so the tables of bindings stay one page each."""

from __future__ import annotations

from enum import Enum


class Intent(Enum):
    """What a key asks for; the value is the words help uses."""

    # anywhere
    FULLSCREEN = "full screen"
    SCREENSHOT = "screenshot"
    # at the table, whatever the phase
    MENU = "menu"
    UNDO = "undo"
    LAST_TRICK = "last trick"
    SCORE_SHEET = "score sheet"
    HINT = "hint"
    SPEED = "speed"
    CLAIM = "claim"
    # a finished trick held until the person goes on
    GO_ON = "go on"
    # a computer's claim on the table
    ACCEPT_CLAIM = "agrees"
    REFUSE_CLAIM = "plays on"
    # watching four computer players
    SHOW_HANDS = "show or hide every hand"
    PAUSE_PLAY = "pause"
    # bidding
    DIGIT = "type the bid"
    CONFIRM = "confirm"
    ERASE = "erase a digit"
    NIL = "nil"
    PASS = "pass"
    # the blind-nil question
    BLIND_NIL = "blind nil"
    LOOK = "look at your cards"
    # two-player draw
    KEEP = "keep"
    DISCARD = "discard"
    # naming trump in an auction
    TRUMP_CLUBS = "clubs"
    TRUMP_DIAMONDS = "diamonds"
    TRUMP_HEARTS = "hearts"
    TRUMP_SPADES = "spades"
    NO_TRUMP = "no trump"
    # choosing a card (to play, or to pass in an exchange)
    CURSOR_LEFT = "previous card"
    CURSOR_RIGHT = "next card"
    CHOOSE = "play the card"
    PICK = "pick a card to pass"
    # buttons: the table's choices and every menu
    FOCUS_NEXT = "next button"
    FOCUS_PREVIOUS = "previous button"
    ACTIVATE = "press the button"
    BACK = "back"
    # the title screen
    NEW_GAME = "new game"
    WATCH_GAME = "watch a game"
    QUIT = "quit"
    HOW_TO_PLAY = "how to play"
    DAILY_DEAL = "daily deal"
    DEAL_BY_CODE = "play a deal by code"
    # the pause menu
    TOGGLE_CHECKER = "check my play"
    # yes or no
    YES = "yes"
    NO = "no"
    # before a new game replaces the one in progress
    ABANDON = "abandon it"
    SAVE_FIRST = "save it first"
    KEEP_GAME = "keep it"
    # the hand summary
    EXPORT = "export the hand"
    WHY_BIDS = "why these bids"
    # the game review (game over, the score sheet, the load screen)
    REVIEW = "review the game"
    REPLAY_HANDS = "replay its hands"
    DUPLICATE = "against the computer"  # the same hands played by the computer in the person's seat
    # the duplicate score (the review's, the daily deal's)
    SHOW_MOMENT = "replay that moment"
    DELETE = "delete"
    # lists: the score sheet, the saves, Hand history, a page of text, the settings' rows
    SCROLL_UP = "up"
    SCROLL_DOWN = "down"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    FIRST = "first"
    LAST = "last"
    REPLAY_HAND = "replays a hand"
    # the settings
    NEXT_SECTION = "next section"
    PREVIOUS_SECTION = "previous section"
    VALUE_DOWN = "previous value"
    VALUE_UP = "next value"
    CHANGE = "change or edit"
    GO_TO_GROUP = "group"
    SEARCH = "search"
    CLOSE_SEARCH = "close the search"
    # a text box
    TYPE = "type"
    ERASE_BACK = "erase back"
    ERASE_FORWARD = "erase forward"
    CARET_LEFT = "caret left"
    CARET_RIGHT = "caret right"
    CARET_HOME = "start of the text"
    CARET_END = "end of the text"
    SELECT_ALL = "select all"
    PASTE = "paste"
    SUBMIT = "done"
    CANCEL = "cancel"
    # the replay of a hand
    STEP_FORWARD = "next trick"
    STEP_BACK = "previous trick"
    NEXT_HAND = "next hand"
    PREVIOUS_HAND = "previous hand"
    CLOSE = "close"
    # How to play's pages
    PAGE_PREVIOUS = "previous page"
    PAGE_NEXT = "next page"


#: the suit (the engine's number: clubs 0 to spades 3) each trump-naming intent names
TRUMP_OF = {Intent.TRUMP_CLUBS: 0, Intent.TRUMP_DIAMONDS: 1, Intent.TRUMP_HEARTS: 2, Intent.TRUMP_SPADES: 3}


class Context(Enum):
    GLOBAL = "anywhere"
    # the table
    TABLE = "at the table"
    CLAIM_OFFER = "a computer claims"
    TRICK_HELD = "a finished trick is held"
    WATCH = "watching"
    BIDDING = "bidding"
    AUCTION = "auction bidding"
    BLIND_DECISION = "blind nil question"
    DRAW = "two-player draw"
    TRUMP = "naming trump"
    PLAY = "playing a card"
    EXCHANGE = "choosing cards to pass"
    # buttons (the table's choice panel and the menus)
    CHOICES = "buttons"
    FOCUSED = "a button has the focus"
    # screens
    SCREEN = "a menu or dialog"
    TITLE = "title screen"
    PAUSE = "pause menu"
    CONFIRM = "a yes-or-no question"
    ABANDON = "abandon the game in progress?"
    HAND_SUMMARY = "hand summary"
    GAME_OVER = "game over"
    LOAD = "load screen"
    SETTINGS = "settings"
    SETTINGS_SEARCH = "typing a search of the settings"
    SETTINGS_FOUND = "the settings a search found"
    SCORE_SHEET = "score sheet"
    LIST = "a list of rows"
    REPLAY = "replay of a hand"
    GAME_REVIEW = "game review"
    DUPLICATE = "against the computer"
    HELP = "how to play"
    OVERLAY = "a page any key closes"
    TEXT_ENTRY = "a text box"
    TEXT_FORM = "a text to confirm"
