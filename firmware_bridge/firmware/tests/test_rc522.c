/* Native tests of the MFRC522 driver against the register-level model: tags of 4, 7 and
 * 10-byte UIDs read through every cascade level, a halted tag woken again, an antenna
 * switched off hearing nothing, a reader that holds MISO (and so every reader on its bus)
 * found not answering, and a neighbour's half-heard tag never confirmed as a tag. */
#include <string.h>

#include "../core/mfrc522.h"
#include "../core/presence.h"
#include "check.h"
#include "rc522_model.h"

static struct tc_uid uid_of(const char *hex) {
    struct tc_uid u = {0, {0}};
    for (size_t i = 0; hex[2 * i] && i < TC_MAX_UID; i++) {
        unsigned value = 0;
        for (int k = 0; k < 2; k++) {
            char c = hex[2 * i + (size_t)k];
            value = value * 16u + (unsigned)(c <= '9' ? c - '0' : c - 'A' + 10);
        }
        u.bytes[u.len++] = (uint8_t)value;
    }
    return u;
}

static void crc_a(void) {
    const uint8_t digits[] = "123456789", halt[] = {0x50, 0x00};
    CHECK(tc_crc_a(digits, 9) == 0xBF05, "CRC_A of 123456789: %04X", tc_crc_a(digits, 9));
    CHECK(tc_crc_a(halt, 2) == 0xCD57, "CRC_A of HLTA: %04X", tc_crc_a(halt, 2));
}

static void every_cascade_level(void) {
    const char *tags[] = {"DEADBEEF", "04A1B2C3D4E5F6", "88041122334455667788"};
    struct model m;
    model_init(&m, 3);
    struct tc_bus bus = model_bus(&m);
    for (uint8_t i = 0; i < 3; i++) {
        m.readers[i].tag = uid_of(tags[i]);
        CHECK(tc_rc522_init(&bus, i), "reader %d answers", i);
        struct tc_uid read;
        CHECK(tc_rc522_read(&bus, i, &read) == TC_READ_NONE, "antenna off: nothing heard");
        tc_rc522_antenna(&bus, i, 1);
        CHECK(tc_rc522_read(&bus, i, &read) == TC_READ_TAG, "%s read", tags[i]);
        CHECK(tc_uid_equal(&read, &m.readers[i].tag), "%s read whole", tags[i]);
        CHECK(m.readers[i].halted, "%s halted after its read", tags[i]);
        CHECK(tc_rc522_read(&bus, i, &read) == TC_READ_TAG, "%s woken again by WUPA", tags[i]);
        tc_rc522_antenna(&bus, i, 0);
    }
    m.readers[1].tag.len = 0;
    tc_rc522_antenna(&bus, 1, 1);
    struct tc_uid read;
    CHECK(tc_rc522_read(&bus, 1, &read) == TC_READ_NONE, "no tag: none");
}

static void silent_readers(void) {
    struct model m;
    model_init(&m, 2);
    struct tc_bus bus = model_bus(&m);
    CHECK(!tc_rc522_init(&bus, 4), "a reader not on the bus does not answer");
    struct tc_uid read;
    CHECK(tc_rc522_read(&bus, 4, &read) == TC_READ_SILENT, "and is said silent");
    m.holds_miso = 1;
    CHECK(!tc_rc522_init(&bus, 0), "a reader that holds MISO spoils the bus for all");
    CHECK(tc_rc522_read(&bus, 1, &read) == TC_READ_SILENT, "its neighbour reads as silent");
}

static void a_neighbour_half_heard(void) {
    struct model m;
    model_init(&m, 1);
    struct tc_bus bus = model_bus(&m);
    m.readers[0].tag = uid_of("04A1B2C3D4E5F6");
    m.readers[0].garble = 1;
    tc_rc522_init(&bus, 0);
    tc_rc522_antenna(&bus, 0, 1);
    struct tc_presence p;
    tc_presence_init(&p);
    int placed = 0, heard = 0;
    for (int poll = 0; poll < 16; poll++) {
        struct tc_uid read = {0, {0}}, changed;
        if (tc_rc522_read(&bus, 0, &read) == TC_READ_TAG) {
            heard++; /* its BCC and CRC hold: only its changing from poll to poll shows it */
        } else {
            read.len = 0;
        }
        placed += tc_presence_poll(&p, &read, &changed) == TC_NOW_PLACED;
    }
    CHECK(heard == 16, "every poll heard a UID that passed its checks (%d)", heard);
    CHECK(placed == 0, "a UID garbled differently each poll is never a tag (%d)", placed);
}

int main(void) {
    crc_a();
    every_cascade_level();
    silent_readers();
    a_neighbour_half_heard();
    return report();
}
