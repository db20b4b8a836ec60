// What the room says about people: names for p0…pN, the prompt, the title, the standings.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CHANCE, botName, decisionPrompt, namedLabels, pageTitle, seatName, standings, turnArrival, withNames } from "../../src/asobiba/web/table_words.js";

const presence = { seats: [{ name: "Aki" }, { name: "Ken" }, { name: null }] };

test("a seat goes by its person's name, else by its number while nobody has taken it — never p{n}", () => {
  assert.equal(seatName(presence, 1), "Ken");
  assert.equal(seatName(presence, 2), "Seat 2");
  assert.equal(seatName(null, 0), "Seat 0");
  const japanese = (message, fields) => ({ "Seat {seat}": "{seat}番席" })[message].replace("{seat}", fields.seat);
  assert.equal(seatName(presence, 2, japanese), "2番席");
});

test("the log names the players instead of p0…pN, and leaves other words alone", () => {
  assert.equal(withNames("p0 offers p1 a card: a bat", presence), "Aki offers Ken a card: a bat");
  assert.equal(withNames("p1は p2 にカードを渡しました", presence), "Kenは Seat 2 にカードを渡しました");
  assert.equal(withNames("p5 is not a seat of this room", presence), "p5 is not a seat of this room");
  assert.equal(withNames("explorer red#4 at r6c5; top10 p12", presence), "explorer red#4 at r6c5; top10 p12");
});

const withBots = {
  seats: [
    { seat: 0, kind: "human", name: "Aki" },
    { seat: 1, kind: "bot:normal", name: null },
    { seat: 2, kind: "human", name: null },
    { seat: 3, kind: "bot:hard", name: null },
    { seat: 4, kind: "human", name: "Ken", taken_over: true },
  ],
};

test("bots go by a name of their own, numbered in seat order when there are several, never p{n}", () => {
  assert.equal(seatName(withBots, 1), "Bot 1");
  assert.equal(seatName(withBots, 3), "Bot 2");
  assert.equal(seatName(withBots, 2), "Seat 2"); // a free person seat
  assert.equal(seatName(withBots, 4), "Ken"); // a person's seat a bot plays for now keeps the person's name
  assert.deepEqual(botName(withBots, 3), ["Bot {number}", { number: 2 }]);
  const japanese = (message, fields) => ({ Bot: "ボット", "Bot {number}": "ボット{number}" })[message].replace("{number}", fields.number);
  assert.equal(withNames("p1がp0にカードを渡す", withBots, japanese), "ボット1があきにカードを渡す".replace("あき", "Aki"));
  const alone = { seats: [{ seat: 0, kind: "human", name: "Aki" }, { seat: 1, kind: "bot:easy", name: null }] };
  assert.equal(seatName(alone, 1), "Bot");
  assert.deepEqual(decisionPrompt({ mover: 1, reader: 0, what: "x", presence: alone }), ["{player} is deciding: {what}", { player: "Bot", what: "x" }]);
});

test("the prompt speaks to the reader", () => {
  const what = "choose a card";
  assert.deepEqual(decisionPrompt({ mover: 0, reader: 0, what, presence }), ["Your turn: {what}", { what }]);
  const others = ["{player} is deciding: {what}", { player: "Ken", what }];
  assert.deepEqual(decisionPrompt({ mover: 1, reader: 0, what, presence }), others);
  assert.deepEqual(decisionPrompt({ mover: 1, reader: null, what, presence }), others);
});

test("the title is marked while it is your turn", () => {
  assert.equal(pageTitle("Room x — asobiba", true), "● Room x — asobiba");
  assert.equal(pageTitle("Room x — asobiba", false), "Room x — asobiba");
});

test("winners share rank 1 and the others follow by score", () => {
  assert.deepEqual(standings({ winners: [0, 1], losers: [2], scores: [1, 1, 0] }, 3), [
    { seat: 0, rank: 1, score: 1, winner: true, resigned: false },
    { seat: 1, rank: 1, score: 1, winner: true, resigned: false },
    { seat: 2, rank: 3, score: 0, winner: false, resigned: false },
  ]);
  assert.deepEqual(
    standings({ winners: [2], scores: [1, 2, 3, 2] }, 4).map((row) => [row.seat, row.rank]),
    [[2, 1], [1, 2], [3, 2], [0, 4]],
  );
});

test("a seat whose player resigned ranks last, whatever the game says", () => {
  assert.deepEqual(
    standings({ winners: [2], scores: [1, 2, 3, 2] }, 4, [2]).map((row) => [row.seat, row.rank, row.winner]),
    [[1, 1, false], [3, 1, false], [0, 3, false], [2, 4, false]],
  );
  assert.deepEqual(
    standings({ winners: [0], scores: [5, 1, 0] }, 3, [1, 2]).map((row) => [row.seat, row.rank, row.resigned]),
    [[0, 1, false], [1, 2, true], [2, 2, true]],
  );
});

test("the framed seat is the winner, not the last mover", () => {
  const rows = standings({ winners: [1], losers: [0], scores: [0, 3] }, 2);
  assert.deepEqual(rows.filter((row) => row.winner).map((row) => row.seat), [1]);
});

test("the turn is announced when it comes to the reader, once per turn", () => {
  const arrivals = (movers, reader) => {
    let before;
    return movers.map((mover) => {
      const [arrived, next] = turnArrival(before, mover, reader);
      before = next;
      return arrived;
    });
  };
  // p0 opens the page on its own turn (not announced), decides twice, then p1, then p0 again
  assert.deepEqual(arrivals([0, 0, 1, 1, 0, 0, 1, 0], 0), [false, false, false, false, true, false, false, true]);
  // a die rolled within p0's turn does not announce it again; the waiting room's end does
  assert.deepEqual(arrivals([null, 0, CHANCE, 0, 1, CHANCE, 0], 0), [false, true, false, false, false, false, true]);
  // a spectator is never told; nor is anyone once the game is over
  assert.deepEqual(arrivals([1, 0, 1, 0], null), [false, false, false, false]);
  assert.deepEqual(arrivals([1, null], 1), [false, false]);
});

test("the moves' labels name the seats as the log does: the move and confirm buttons, the list of moves", () => {
  const legal = [
    { notation: "offer S4 p1 spades", action: { kind: "offer" }, label: "p1にスペードの4を「スペードです」と言って渡す" },
    { notation: "offer S4 p3 clubs", action: { kind: "offer" }, label: "Offer 4 of spades to p3, claiming “clubs”" },
  ];
  const japanese = (message, fields) => ({ Bot: "ボット", "Bot {number}": "ボット{number}" })[message].replace("{number}", fields.number);
  const named = namedLabels(legal, withBots, japanese);
  assert.deepEqual(named.map((entry) => entry.label), ["ボット1にスペードの4を「スペードです」と言って渡す", "Offer 4 of spades to ボット2, claiming “clubs”"]);
  assert.deepEqual(named.map((entry) => entry.notation), ["offer S4 p1 spades", "offer S4 p3 clubs"]); // what is sent stays notation
  assert.equal(legal[0].label.startsWith("p1"), true); // the frame's own list is left as it came
});

// The tutorial's learner is "You": the game's lines speak of p0 in the third person (core/names.py reads them the same way).
const tutorial = { seats: [{ name: "You" }, { name: "Ken" }, { name: "Mio" }] };

test("a seat named You is read in the second person: its verbs, its possessives, its capital", () => {
  const cases = [
    ["p0 answers: “No, it is not spades”", "You answer: “No, it is not spades”"],
    ["p1 offers p0 a card face down: “It is clubs”", "Ken offers you a card face down: “It is clubs”"],
    ["p0 passes the card to p2: “It is bat”", "You pass the card to Mio: “It is bat”"],
    ["p0 discards joker 1 and makes p1 answer", "You discard joker 1 and make Ken answer"],
    ["p0 exchanges his top middle and bottom right cards", "You exchange your top middle and bottom right cards"],
    ["p0's red explorer worth 5 walks from r3c4 to r3c5.", "Your red explorer worth 5 walks from r3c4 to r3c5."],
    ["Zapdos: Pikachu passes from p2 to p0's top left", "Zapdos: Pikachu passes from Mio to your top left"],
    ["Pikachu of p0 goes to the bottom of the discard pile", "Pikachu of yours goes to the bottom of the discard pile"],
    ["Round 1 scores: p0 -3, p1 27; p0 takes a Poké Ball token", "Round 1 scores: You -3, Ken 27; you take a Poké Ball token"],
    ["Turn 2: p0 to play.", "Turn 2: You to play."],
    ["p0 is the first player.", "You are the first player."],
    ["p0 carries the day", "You carry the day"],
    ["p1 answers: “Yes”", "Ken answers: “Yes”"],
  ];
  for (const [text, read] of cases) assert.equal(withNames(text, tutorial), read);
  const japanese = { seats: [{ name: "あなた" }, { name: "ケン" }] };
  assert.equal(withNames("p0が答えた", japanese), "あなたが答えた");
});
