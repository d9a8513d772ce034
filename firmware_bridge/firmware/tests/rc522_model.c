/* The MFRC522 model: registers and FIFO as the driver touches them, and an ISO 14443 A
 * tag behind each antenna that answers WUPA, anticollision, select and HLTA. */
#include "rc522_model.h"

#include <string.h>

#define COMMAND 0x01
#define COM_IRQ 0x04
#define ERROR 0x06
#define FIFO_DATA 0x09
#define FIFO_LEVEL 0x0A
#define BIT_FRAMING 0x0D
#define TX_CONTROL 0x14
#define VERSION 0x37

void model_init(struct model *m, uint8_t readers) {
    memset(m, 0, sizeof *m);
    for (uint8_t i = 0; i < readers && i < MODEL_READERS; i++) {
        m->readers[i].present = 1;
        m->readers[i].regs[VERSION] = 0x92;
    }
}

static void answer(struct model_reader *r, const uint8_t *bytes, uint8_t n) {
    memcpy(r->fifo, bytes, n);
    r->fifo_len = n;
    r->fifo_read = 0;
    r->regs[COM_IRQ] |= 0x20 | 0x10; /* RxIRq, IdleIRq */
}

static void silence(struct model_reader *r) {
    r->fifo_len = 0;
    r->fifo_read = 0;
    r->regs[COM_IRQ] |= 0x01; /* TimerIRq */
}

/* The cascade level `level` of the tag's UID: four bytes and their BCC. */
static void level_of(const struct tc_uid *tag, uint8_t level, uint8_t out[5]) {
    uint8_t levels = tag->len == 4 ? 1 : tag->len == 7 ? 2 : 3;
    if (level + 1 < levels) {
        out[0] = 0x88;
        memcpy(out + 1, tag->bytes + 3 * level, 3);
    } else {
        memcpy(out, tag->bytes + 3 * level, 4);
    }
    out[4] = out[0] ^ out[1] ^ out[2] ^ out[3];
}

static void transceive(struct model *m, struct model_reader *r) {
    const uint8_t *in = r->fifo;
    uint8_t n = r->fifo_len;
    r->fifo_len = 0;
    if (!(r->regs[TX_CONTROL] & 0x03) || r->tag.len == 0) {
        silence(r);
        return;
    }
    if (n == 1) {
        m->polls++; /* a wake-up: one poll of this reader */
    }
    uint8_t levels = r->tag.len == 4 ? 1 : r->tag.len == 7 ? 2 : 3;
    if (n == 1 && (in[0] == 0x52 || (in[0] == 0x26 && !r->halted))) {
        const uint8_t atqa[2] = {(uint8_t)(levels == 1 ? 0x04 : 0x44), 0x00};
        r->halted = 0;
        answer(r, atqa, 2);
        return;
    }
    if (n >= 2 && in[0] >= 0x93 && in[0] <= 0x97 && !r->halted) {
        uint8_t level = (uint8_t)((in[0] - 0x93) / 2), part[5];
        if (level >= levels) {
            silence(r);
            return;
        }
        level_of(&r->tag, level, part);
        if (r->garble) { /* a different bit each time it is half heard */
            part[1] ^= (uint8_t)(1u << (m->polls % 8));
            part[4] = part[0] ^ part[1] ^ part[2] ^ part[3];
        }
        if (in[1] == 0x20 && n == 2) {
            answer(r, part, 5);
            return;
        }
        uint16_t crc = tc_crc_a(in, 7);
        if (in[1] == 0x70 && n == 9 && memcmp(in + 2, part, 5) == 0 &&
            in[7] == (crc & 0xFF) && in[8] == (crc >> 8)) {
            uint8_t sak[3] = {(uint8_t)(level + 1 < levels ? 0x04 : 0x00), 0, 0};
            uint16_t c = tc_crc_a(sak, 1);
            sak[1] = (uint8_t)(c & 0xFF);
            sak[2] = (uint8_t)(c >> 8);
            answer(r, sak, 3);
            return;
        }
    }
    if (n == 4 && in[0] == 0x50 && in[1] == 0x00) {
        r->halted = 1;
    }
    silence(r);
}

static void write(struct model *m, struct model_reader *r, uint8_t reg, uint8_t value) {
    switch (reg) {
    case COMMAND:
        r->regs[COMMAND] = value;
        if (value == 0x0F) { /* soft reset: every register as after power-up */
            uint8_t version = r->regs[VERSION];
            memset(r->regs, 0, sizeof r->regs);
            r->regs[VERSION] = version;
        }
        return;
    case COM_IRQ: /* writing 0 bits with Set1 = 0 clears those set */
        r->regs[COM_IRQ] &= (uint8_t)~(value & 0x7F);
        return;
    case FIFO_LEVEL:
        if (value & 0x80) {
            r->fifo_len = 0;
            r->fifo_read = 0;
        }
        return;
    case FIFO_DATA:
        if (r->fifo_len < sizeof r->fifo) {
            r->fifo[r->fifo_len++] = value;
        }
        return;
    case BIT_FRAMING:
        r->regs[BIT_FRAMING] = value;
        if ((value & 0x80) && r->regs[COMMAND] == 0x0C) {
            transceive(m, r);
        }
        return;
    default:
        r->regs[reg] = value;
    }
}

static uint8_t read(struct model_reader *r, uint8_t reg) {
    switch (reg) {
    case FIFO_LEVEL:
        return (uint8_t)(r->fifo_len - r->fifo_read);
    case FIFO_DATA:
        return r->fifo_read < r->fifo_len ? r->fifo[r->fifo_read++] : 0;
    case ERROR:
        return 0;
    default:
        return r->regs[reg];
    }
}

static void select(void *ctx, uint8_t reader, int on) {
    struct model *m = ctx;
    if (reader < MODEL_READERS) {
        m->readers[reader].selected = on;
        m->readers[reader].addressed = 0;
    }
}

static uint8_t transfer(void *ctx, uint8_t byte) {
    struct model *m = ctx;
    uint8_t miso = 0xFF; /* nobody drives the line: it floats high */
    for (int i = 0; i < MODEL_READERS; i++) {
        struct model_reader *r = &m->readers[i];
        if (!r->selected || !r->present) {
            continue;
        }
        if (!r->addressed) {
            r->addressed = 1;
            r->address = byte;
            miso = 0;
            continue;
        }
        uint8_t reg = (uint8_t)((r->address >> 1) & 0x3F);
        if (r->address & 0x80) {
            miso = read(r, reg);
        } else {
            write(m, r, reg, byte);
            miso = 0;
        }
    }
    if (m->holds_miso) {
        miso &= 0x0F; /* a reader that never lets go of MISO pulls the high bits down */
    }
    return miso;
}

struct tc_bus model_bus(struct model *m) {
    struct tc_bus bus = {m, select, transfer};
    return bus;
}
