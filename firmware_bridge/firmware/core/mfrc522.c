/* The MFRC522 driver: see mfrc522.h. Register and command numbers from the NXP MFRC522
 * data sheet; the card commands from ISO/IEC 14443-3. */
#include "mfrc522.h"

enum reg {
    COMMAND = 0x01, COM_IRQ = 0x04, ERROR = 0x06, FIFO_DATA = 0x09, FIFO_LEVEL = 0x0A,
    BIT_FRAMING = 0x0D, COLL = 0x0E, MODE = 0x11, TX_CONTROL = 0x14, TX_ASK = 0x15,
    T_MODE = 0x2A, T_PRESCALER = 0x2B, T_RELOAD_H = 0x2C, T_RELOAD_L = 0x2D, VERSION = 0x37
};

enum command { IDLE = 0x00, TRANSCEIVE = 0x0C, SOFT_RESET = 0x0F };

enum irq { TIMER_IRQ = 0x01, ERR_IRQ = 0x02, IDLE_IRQ = 0x10, RX_IRQ = 0x20 };

enum error { PROTOCOL_ERR = 0x01, PARITY_ERR = 0x02, CRC_ERR = 0x04, COLL_ERR = 0x08,
             BUFFER_OVFL = 0x10 };

#define POLLS 64 /* reads of the IRQ register before a transceive counts as timed out */

static uint8_t get(const struct tc_bus *bus, uint8_t reader, uint8_t reg) {
    bus->select(bus->ctx, reader, 1);
    bus->transfer(bus->ctx, (uint8_t)(0x80u | (uint8_t)(reg << 1)));
    uint8_t value = bus->transfer(bus->ctx, 0);
    bus->select(bus->ctx, reader, 0);
    return value;
}

static void set(const struct tc_bus *bus, uint8_t reader, uint8_t reg, uint8_t value) {
    bus->select(bus->ctx, reader, 1);
    bus->transfer(bus->ctx, (uint8_t)(reg << 1));
    bus->transfer(bus->ctx, value);
    bus->select(bus->ctx, reader, 0);
}

uint16_t tc_crc_a(const uint8_t *data, uint8_t n) {
    uint16_t crc = 0x6363;
    for (uint8_t i = 0; i < n; i++) {
        uint8_t b = (uint8_t)(data[i] ^ (uint8_t)(crc & 0xFFu));
        b = (uint8_t)(b ^ (uint8_t)(b << 4));
        crc = (uint16_t)((crc >> 8) ^ ((uint16_t)b << 8) ^ ((uint16_t)b << 3) ^ (b >> 4));
    }
    return crc;
}

int tc_rc522_init(const struct tc_bus *bus, uint8_t reader) {
    set(bus, reader, COMMAND, SOFT_RESET);
    uint8_t version = get(bus, reader, VERSION);
    if (version != 0x91 && version != 0x92) {
        return 0;
    }
    set(bus, reader, T_MODE, 0x8D); /* the timer starts with each transmission: ~25 ms */
    set(bus, reader, T_PRESCALER, 0x3E);
    set(bus, reader, T_RELOAD_H, 0);
    set(bus, reader, T_RELOAD_L, 30);
    set(bus, reader, TX_ASK, 0x40); /* 100 % ASK */
    set(bus, reader, MODE, 0x3D);   /* CRC preset 0x6363 */
    tc_rc522_antenna(bus, reader, 0);
    return 1;
}

void tc_rc522_antenna(const struct tc_bus *bus, uint8_t reader, int on) {
    uint8_t tx = get(bus, reader, TX_CONTROL);
    set(bus, reader, TX_CONTROL, on ? (uint8_t)(tx | 0x03u) : (uint8_t)(tx & ~0x03u));
}

/* Send `n` bytes (the last one `last_bits` long, 0 for all 8); what came back into `back`
 * (room for `room`). Returns the bytes received, 0 for no answer, -1 for a garbled one. */
static int transceive(const struct tc_bus *bus, uint8_t reader, const uint8_t *out, uint8_t n,
                      uint8_t last_bits, uint8_t *back, uint8_t room) {
    set(bus, reader, COMMAND, IDLE);
    set(bus, reader, COM_IRQ, 0x7F);
    set(bus, reader, FIFO_LEVEL, 0x80);
    for (uint8_t i = 0; i < n; i++) {
        set(bus, reader, FIFO_DATA, out[i]);
    }
    set(bus, reader, BIT_FRAMING, last_bits);
    set(bus, reader, COMMAND, TRANSCEIVE);
    set(bus, reader, BIT_FRAMING, (uint8_t)(0x80u | last_bits));
    uint8_t irq = 0;
    for (int poll = 0; poll < POLLS; poll++) {
        irq = get(bus, reader, COM_IRQ);
        if (irq & (RX_IRQ | IDLE_IRQ | TIMER_IRQ)) {
            break;
        }
    }
    set(bus, reader, BIT_FRAMING, 0);
    if (!(irq & (RX_IRQ | IDLE_IRQ))) {
        return 0; /* timed out: nothing in the field */
    }
    if (get(bus, reader, ERROR) & (BUFFER_OVFL | PARITY_ERR | PROTOCOL_ERR | COLL_ERR | CRC_ERR)) {
        return -1;
    }
    uint8_t level = get(bus, reader, FIFO_LEVEL);
    if (level > room) {
        return -1;
    }
    for (uint8_t i = 0; i < level; i++) {
        back[i] = get(bus, reader, FIFO_DATA);
    }
    return level;
}

static void with_crc(uint8_t *frame, uint8_t n) {
    uint16_t crc = tc_crc_a(frame, n);
    frame[n] = (uint8_t)(crc & 0xFFu);
    frame[n + 1] = (uint8_t)(crc >> 8);
}

/* One cascade level: its four UID bytes (or the cascade tag and three) into `part`;
 * the SAK, or -1 garbled, 0x100 nothing. */
static int cascade(const struct tc_bus *bus, uint8_t reader, uint8_t level, uint8_t part[4]) {
    uint8_t ask[9] = {(uint8_t)(0x93u + 2u * level), 0x20};
    uint8_t back[5];
    int n = transceive(bus, reader, ask, 2, 0, back, sizeof back);
    if (n == 0) {
        return 0x100;
    }
    if (n != 5 || (back[0] ^ back[1] ^ back[2] ^ back[3]) != back[4]) {
        return -1; /* no BCC: a neighbour's tag half heard, or noise */
    }
    ask[1] = 0x70;
    for (int i = 0; i < 5; i++) {
        ask[2 + i] = back[i];
    }
    with_crc(ask, 7);
    uint8_t sak[3];
    if (transceive(bus, reader, ask, 9, 0, sak, sizeof sak) != 3 || tc_crc_a(sak, 1) !=
        (uint16_t)(sak[1] | (sak[2] << 8))) {
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        part[i] = back[i];
    }
    return sak[0];
}

enum tc_read tc_rc522_read(const struct tc_bus *bus, uint8_t reader, struct tc_uid *uid) {
    uint8_t version = get(bus, reader, VERSION);
    if (version != 0x91 && version != 0x92) {
        return TC_READ_SILENT;
    }
    set(bus, reader, COLL, 0x80); /* bits received after a collision are cleared */
    uint8_t wupa = 0x52, atqa[2];
    int n = transceive(bus, reader, &wupa, 1, 7, atqa, sizeof atqa);
    if (n == 0) {
        return TC_READ_NONE;
    }
    if (n != 2) {
        return TC_READ_GARBLED;
    }
    uid->len = 0;
    for (uint8_t level = 0; level < 3; level++) {
        uint8_t part[4];
        int sak = cascade(bus, reader, level, part);
        if (sak == 0x100) {
            return level == 0 ? TC_READ_NONE : TC_READ_GARBLED;
        }
        if (sak < 0) {
            return TC_READ_GARBLED;
        }
        int more = (sak & 0x04) != 0;
        if (more != (part[0] == 0x88)) {
            return TC_READ_GARBLED; /* a cascade tag where the SAK says complete, or not */
        }
        for (int i = more ? 1 : 0; i < 4; i++) {
            uid->bytes[uid->len++] = part[i];
        }
        if (!more) {
            uint8_t halt[4] = {0x50, 0x00};
            with_crc(halt, 2);
            uint8_t ignored[1];
            (void)transceive(bus, reader, halt, 4, 0, ignored, sizeof ignored);
            return TC_READ_TAG;
        }
    }
    return TC_READ_GARBLED;
}
