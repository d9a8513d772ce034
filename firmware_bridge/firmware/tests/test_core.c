/* Native tests of the portable core: the frames against the golden file, the host
 * command receiver against garbage, and the presence debounce. Built with the address
 * and undefined-behaviour sanitizers by `make test`. */
#include <stdio.h>
#include <string.h>

#include "../core/frame.h"
#include "../core/presence.h"

struct golden {
    const char *name;
    uint8_t kind;
    uint16_t seq;
    uint8_t readers;
    uint8_t reader, code, detail;
    uint16_t token;
    uint32_t uptime_ms;
    int from_host;
    uint8_t uid_count;
    uint8_t firmware[3];
    uint8_t health[TC_MAX_READERS];
    uint8_t health_count;
    struct tc_uid uids[TC_MAX_READERS];
    size_t wire_len;
    uint8_t wire[TC_MAX_WIRE];
};

struct bad {
    size_t len;
    uint8_t wire[TC_MAX_WIRE];
};

#include "check.h"
#include "golden.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static size_t built(const struct golden *g, uint8_t *out) {
    switch (g->kind) {
    case TC_HELLO:
        return tc_hello(out, g->seq, g->firmware, g->readers);
    case TC_PLACED:
    case TC_REMOVED:
        return tc_tag(out, g->seq, (enum tc_kind)g->kind, g->reader, &g->uids[0]);
    case TC_HEARTBEAT:
        return tc_heartbeat(out, g->seq, g->uptime_ms, g->health, g->health_count);
    case TC_SNAPSHOT:
        return tc_snapshot(out, g->seq, g->uids, g->uid_count);
    case TC_ERROR:
        return tc_error(out, g->seq, (enum tc_error)g->code, g->reader, g->detail);
    case TC_PONG:
        return tc_pong(out, g->seq, g->token);
    default:
        return 0;
    }
}

static enum tc_rx_result fed(struct tc_rx *rx, const uint8_t *bytes, size_t n,
                             struct tc_command *command) {
    enum tc_rx_result last = TC_RX_NONE;
    for (size_t i = 0; i < n; i++) {
        enum tc_rx_result r = tc_rx_byte(rx, bytes[i], command);
        if (r != TC_RX_NONE) {
            last = r;
        }
    }
    return last;
}

static void golden_frames(void) {
    for (size_t i = 0; i < COUNT(GOLDEN); i++) {
        const struct golden *g = &GOLDEN[i];
        struct tc_rx rx;
        struct tc_command command;
        tc_rx_init(&rx);
        enum tc_rx_result r = fed(&rx, g->wire, g->wire_len, &command);
        if (g->from_host) {
            CHECK(r == TC_RX_COMMAND, "%s: not taken (%d)", g->name, r);
            CHECK(command.kind == g->kind && command.seq == g->seq && command.token == g->token,
                  "%s: read as kind %d seq %d token %d", g->name, command.kind, command.seq,
                  command.token);
            continue;
        }
        uint8_t out[TC_MAX_WIRE];
        size_t n = built(g, out);
        CHECK(n == g->wire_len && memcmp(out, g->wire, n) == 0, "%s: bytes differ", g->name);
        CHECK(r == TC_RX_UNKNOWN || r == TC_RX_BAD, "%s: a board frame taken (%d)", g->name, r);
    }
    for (size_t i = 0; i < COUNT(BAD); i++) {
        struct tc_rx rx;
        struct tc_command command;
        tc_rx_init(&rx);
        enum tc_rx_result r = fed(&rx, BAD[i].wire, BAD[i].len, &command);
        CHECK(r == TC_RX_BAD || r == TC_RX_UNKNOWN, "bad frame %zu taken (%d)", i, r);
    }
}

static const struct golden *host_ping(void) {
    for (size_t i = 0; i < COUNT(GOLDEN); i++) {
        if (GOLDEN[i].kind == TC_PING) {
            return &GOLDEN[i];
        }
    }
    return NULL;
}

static void garbage_on_the_line(void) {
    const struct golden *ping = host_ping();
    CHECK(ping != NULL, "a golden ping");
    if (ping == NULL) {
        return;
    }
    struct tc_rx rx;
    struct tc_command command;
    tc_rx_init(&rx);
    uint8_t noise[300];
    for (size_t i = 0; i < sizeof noise; i++) {
        noise[i] = (uint8_t)(i * 37 + 11) | 1u; /* never zero: one endless frame */
    }
    CHECK(fed(&rx, noise, sizeof noise, &command) == TC_RX_NONE, "held without an end");
    CHECK(tc_rx_byte(&rx, 0, &command) == TC_RX_BAD, "an overlong frame dropped at its zero");
    CHECK(fed(&rx, ping->wire, ping->wire_len, &command) == TC_RX_COMMAND, "then a ping taken");
    uint8_t half[TC_MAX_WIRE];
    memcpy(half, ping->wire, ping->wire_len);
    half[2] ^= 0x40u;
    CHECK(fed(&rx, half, ping->wire_len, &command) == TC_RX_BAD, "a bit flipped: dropped");
    uint8_t zeros[4] = {0, 0, 0, 0};
    CHECK(fed(&rx, zeros, sizeof zeros, &command) == TC_RX_NONE, "zeros alone say nothing");
}

static void crc_check_value(void) {
    const uint8_t digits[] = "123456789";
    CHECK(tc_crc32(digits, 9) == 0xCBF43926u, "CRC-32 of 123456789");
}

static struct tc_uid uid(uint8_t first) {
    struct tc_uid u = {4, {first, 0xA1, 0xB2, 0xC3}};
    return u;
}

static enum tc_change poll(struct tc_presence *p, const struct tc_uid *read) {
    struct tc_uid changed;
    return tc_presence_poll(p, read, &changed);
}

static void presence(void) {
    struct tc_presence p;
    struct tc_uid a = uid(0x04), b = uid(0x08), none = {0, {0}}, changed;
    tc_presence_init(&p);
    CHECK(poll(&p, &a) == TC_UNCHANGED, "one read is not a tag");
    CHECK(tc_presence_poll(&p, &a, &changed) == TC_NOW_PLACED && tc_uid_equal(&changed, &a),
          "placed after two reads in a row");
    for (int i = 0; i < 20; i++) { /* flapping: present, absent, present */
        CHECK(poll(&p, i % 2 ? &a : &none) == TC_UNCHANGED, "a flap is no change (%d)", i);
    }
    CHECK(poll(&p, &b) == TC_UNCHANGED, "a garbled read once changes nothing");
    CHECK(poll(&p, &a) == TC_UNCHANGED, "and the tag is still there");
    CHECK(poll(&p, &none) == TC_UNCHANGED, "one miss is a flap");
    CHECK(tc_presence_poll(&p, &none, &changed) == TC_NOW_REMOVED && tc_uid_equal(&changed, &a),
          "removed at the second miss in a row");
    CHECK(poll(&p, &none) == TC_UNCHANGED, "an empty reader stays empty");

    tc_presence_init(&p);
    poll(&p, &a);
    poll(&p, &a);
    CHECK(poll(&p, &b) == TC_UNCHANGED, "another tag read once");
    CHECK(tc_presence_poll(&p, &b, &changed) == TC_NOW_REMOVED && tc_uid_equal(&changed, &a),
          "another tag confirmed: the first removed");
    CHECK(tc_presence_poll(&p, &b, &changed) == TC_NOW_PLACED && tc_uid_equal(&changed, &b),
          "then the second placed");

    tc_presence_init(&p);
    for (int i = 0; i < 10; i++) { /* a neighbour's garbled UIDs, never twice alike */
        struct tc_uid g = uid((uint8_t)(0x10 + i));
        CHECK(poll(&p, &g) == TC_UNCHANGED, "a different garbled UID each poll: no tag");
    }
}

int main(void) {
    crc_check_value();
    golden_frames();
    garbage_on_the_line();
    presence();
    return report();
}
