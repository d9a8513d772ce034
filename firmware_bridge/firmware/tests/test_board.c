/* Native tests of the board's work on the register-level model: a handshake, tags placed
 * and removed on several readers, a tag moved from one reader to the next, a UID heard on
 * two readers given to neither, a reader silent or stalled in the heartbeat, and the
 * host's commands — its garbage answered with an error, never with a guess. */
#include <string.h>

#include "../core/board.h"
#include "check.h"
#include "rc522_model.h"

struct sent {
    uint8_t kind;
    uint16_t seq;
    uint8_t body[TC_MAX_BODY];
    size_t len;
};

struct rig {
    struct model model;
    struct tc_bus model_bus, bus;
    struct tc_board board;
    uint32_t now;
    int selected;
    int stall;         /* the reader (index + 1) whose next transfer takes 300 ms */
    struct sent sent[64];
    int count;
};

/* The model's bus, with a clock: a stalled reader's transfer takes 300 ms. */
static void rig_select(void *ctx, uint8_t reader, int on) {
    struct rig *rig = ctx;
    rig->selected = on ? reader : -1;
    rig->model_bus.select(rig->model_bus.ctx, reader, on);
}

static uint8_t rig_transfer(void *ctx, uint8_t byte) {
    struct rig *rig = ctx;
    if (rig->stall == rig->selected + 1) {
        rig->now += 300;
        rig->stall = 0;
    }
    return rig->model_bus.transfer(rig->model_bus.ctx, byte);
}

static uint32_t millis(void *ctx) {
    struct rig *rig = ctx;
    return rig->now;
}

/* Each frame sent, decoded from COBS (the codec's own tests check its bytes). */
static void collect(void *ctx, const uint8_t *bytes, size_t n) {
    struct rig *rig = ctx;
    struct sent *s = &rig->sent[rig->count++ % 64];
    size_t i = 0, at = 0;
    while (i + 1 < n) {
        uint8_t code = bytes[i];
        for (size_t k = i + 1; k < i + code; k++) {
            s->body[at++] = bytes[k];
        }
        i += code;
        if (code < 0xFF && i + 1 < n) {
            s->body[at++] = 0;
        }
    }
    s->len = at;
    s->kind = s->body[0];
    s->seq = (uint16_t)(s->body[1] | (s->body[2] << 8));
}

static void setup(struct rig *rig, uint8_t readers) {
    memset(rig, 0, sizeof *rig);
    model_init(&rig->model, readers);
    rig->model_bus = model_bus(&rig->model);
    rig->bus.ctx = rig;
    rig->bus.select = rig_select;
    rig->bus.transfer = rig_transfer;
    rig->selected = -1;
    const uint8_t firmware[3] = {1, 0, 0};
    struct tc_glue glue = {rig, millis, collect};
    tc_board_init(&rig->board, &rig->bus, readers, firmware, glue);
}

/* Every reader polled `rounds` times, 5 ms a poll. */
static void rounds(struct rig *rig, int rounds) {
    for (int i = 0; i < rounds * rig->board.readers; i++) {
        rig->now += 5;
        tc_board_poll(&rig->board);
    }
}

static int count_of(const struct rig *rig, uint8_t kind) {
    int n = 0;
    for (int i = 0; i < rig->count && i < 64; i++) {
        n += rig->sent[i].kind == kind;
    }
    return n;
}

static const struct sent *last(const struct rig *rig, uint8_t kind) {
    for (int i = rig->count - 1; i >= 0 && i >= rig->count - 64; i--) {
        if (rig->sent[i % 64].kind == kind) {
            return &rig->sent[i % 64];
        }
    }
    return NULL;
}

static void host(struct rig *rig, const uint8_t *bytes, size_t n) {
    for (size_t i = 0; i < n; i++) {
        tc_board_byte(&rig->board, bytes[i]);
    }
}

static void command(struct rig *rig, uint8_t kind, uint16_t token) {
    uint8_t body[9] = {kind, 0, 0}, wire[16];
    size_t n = 3;
    if (kind == TC_PING) {
        body[n++] = (uint8_t)(token & 0xFF);
        body[n++] = (uint8_t)(token >> 8);
    }
    uint32_t crc = tc_crc32(body, n);
    for (int i = 0; i < 4; i++) {
        body[n++] = (uint8_t)(crc >> (8 * i));
    }
    host(rig, wire, tc_cobs(body, n, wire));
}

static struct tc_uid tag(uint8_t first) {
    struct tc_uid u = {7, {0x04, first, 0x22, 0x33, 0x44, 0x55, 0x66}};
    return u;
}

static void handshake_and_tags(void) {
    struct rig rig;
    setup(&rig, 4);
    CHECK(rig.count == 0, "nothing said unasked");
    command(&rig, TC_ASK_HELLO, 0);
    const struct sent *hello = last(&rig, TC_HELLO);
    CHECK(hello != NULL && hello->body[3] == TC_PROTOCOL && hello->body[7] == 4, "hello");
    rig.model.readers[1].tag = tag(1);
    rig.model.readers[3].tag = tag(3);
    rounds(&rig, 3);
    CHECK(count_of(&rig, TC_PLACED) == 2, "two tags placed (%d)", count_of(&rig, TC_PLACED));
    rig.model.readers[1].tag.len = 0; /* moved from reader 1 to reader 2 */
    rig.model.readers[2].tag = tag(1);
    rounds(&rig, 4);
    const struct sent *removed = last(&rig, TC_REMOVED);
    CHECK(removed != NULL && removed->body[3] == 1, "removed from reader 1");
    const struct sent *placed = last(&rig, TC_PLACED);
    CHECK(placed != NULL && placed->body[3] == 2, "placed on reader 2");
    for (int i = 1; i < rig.count; i++) {
        CHECK(rig.sent[i].seq == (uint16_t)(rig.sent[i - 1].seq + 1), "sequence %d", i);
    }
    command(&rig, TC_ASK_STATE, 0);
    const struct sent *snap = last(&rig, TC_SNAPSHOT);
    CHECK(snap != NULL && snap->body[3] == 4, "a snapshot of four readers");
    if (snap != NULL) { /* empty, empty, the moved tag, reader 3's */
        CHECK(snap->body[4] == 0 && snap->body[5] == 0 && snap->body[6] == 7 &&
                  snap->body[7 + 7] == 7,
              "each reader's tag in the snapshot");
    }
}

static void one_uid_on_two_readers(void) {
    struct rig rig;
    setup(&rig, 3);
    rig.model.readers[0].tag = tag(9);
    rig.model.readers[1].tag = tag(9); /* heard through from the neighbour */
    rounds(&rig, 4);
    CHECK(count_of(&rig, TC_PLACED) <= 1, "at most one, before the second read");
    const struct sent *error = last(&rig, TC_ERROR);
    CHECK(error != NULL && error->body[3] == TC_TWO_READERS, "said as two readers");
    CHECK(rig.board.told[0].len == 0 && rig.board.told[1].len == 0, "given to neither");
    rig.model.readers[1].tag.len = 0;
    rounds(&rig, 4);
    CHECK(rig.board.told[0].len == 7 && rig.board.told[1].len == 0, "then to the one it is on");
    const struct sent *placed = last(&rig, TC_PLACED);
    CHECK(placed != NULL && placed->body[3] == 0, "placed on reader 0");
}

static void health(void) {
    struct rig rig;
    setup(&rig, 3);
    rig.model.readers[2].present = 0; /* unplugged */
    rounds(&rig, 80);                 /* past a heartbeat */
    const struct sent *beat = last(&rig, TC_HEARTBEAT);
    CHECK(beat != NULL && beat->body[7] == 3, "a heartbeat of three readers");
    if (beat != NULL) {
        CHECK(beat->body[8] == TC_OK && beat->body[10] == TC_SILENT, "reader 2 silent");
    }
}

static void stalled(void) {
    struct rig rig;
    setup(&rig, 2);
    rounds(&rig, 10);
    rig.stall = 2; /* reader 1 stalls once, mid-poll */
    rounds(&rig, 300); /* three seconds: three heartbeats */
    int stalled_in = -1;
    for (int i = 0; i < rig.count && i < 64; i++) {
        if (rig.sent[i].kind == TC_HEARTBEAT && rig.sent[i].body[9] == TC_STALLED) {
            stalled_in = i;
        }
    }
    CHECK(stalled_in >= 0, "the heartbeat after the stall says reader 1 stalled");
    const struct sent *beat = last(&rig, TC_HEARTBEAT);
    CHECK(beat != NULL && beat->body[9] == TC_OK && beat->body[8] == TC_OK,
          "and the next one, with no stall, says it is well again");
}

static void host_garbage(void) {
    struct rig rig;
    setup(&rig, 1);
    const uint8_t noise[] = {0x12, 0x34, 0x56, 0x00, 0x03, 0x83, 0x00};
    host(&rig, noise, sizeof noise);
    CHECK(count_of(&rig, TC_ERROR) == 2, "each broken frame answered by an error");
    command(&rig, TC_PING, 0xBEEF);
    const struct sent *pong = last(&rig, TC_PONG);
    CHECK(pong != NULL && pong->body[3] == 0xEF && pong->body[4] == 0xBE, "pong with its token");
    command(&rig, 0x99, 0);
    const struct sent *error = last(&rig, TC_ERROR);
    CHECK(error != NULL && error->body[3] == TC_UNKNOWN_COMMAND && error->body[5] == 0x99,
          "an unknown command said unknown");
}

int main(void) {
    handshake_and_tags();
    one_uid_on_two_readers();
    health();
    stalled();
    host_garbage();
    return report();
}
