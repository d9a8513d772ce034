/* The board's frames (docs/board-protocol.md): built here, sent by the glue.
 *
 * Every frame is its kind, a sequence number, a payload and a CRC-32, COBS-encoded and
 * ended by one zero byte; firmware_bridge/golden_frames.json fixes their bytes for this
 * code and the host's alike. Plain C99, no allocation: the same code runs on the board
 * and in the native tests. */
#ifndef TC_FRAME_H
#define TC_FRAME_H

#include <stddef.h>
#include <stdint.h>

#define TC_PROTOCOL 1
#define TC_MAX_READERS 8
#define TC_MAX_UID 10
#define TC_CRC_BYTES 4
/* The longest frame: a snapshot of eight 10-byte UIDs, then the COBS overhead. */
#define TC_MAX_BODY (3 + 1 + TC_MAX_READERS * (1 + TC_MAX_UID) + TC_CRC_BYTES)
#define TC_MAX_WIRE (TC_MAX_BODY + TC_MAX_BODY / 254 + 2)
/* The longest host command a receiver holds (a ping), with room to spare. */
#define TC_RX_MAX 16

enum tc_kind {
    TC_HELLO = 0x01,
    TC_PLACED = 0x02,
    TC_REMOVED = 0x03,
    TC_HEARTBEAT = 0x04,
    TC_SNAPSHOT = 0x05,
    TC_ERROR = 0x06,
    TC_PONG = 0x07,
    TC_ASK_HELLO = 0x81,
    TC_ASK_STATE = 0x82,
    TC_PING = 0x83
};

enum tc_health { TC_OK = 0, TC_SILENT = 1, TC_NOISY = 2, TC_STALLED = 3 };

enum tc_error { TC_BAD_CRC = 1, TC_UNKNOWN_COMMAND = 2, TC_TWO_READERS = 3, TC_OVERFLOW = 4 };

struct tc_uid {
    uint8_t len; /* 0 (none), 4, 7 or 10 */
    uint8_t bytes[TC_MAX_UID];
};

uint32_t tc_crc32(const uint8_t *data, size_t n);

/* `in` with no zero left in it, and the zero that ends a frame, into `out` (room for
 * n + n / 254 + 2 bytes); returns the bytes written. */
size_t tc_cobs(const uint8_t *in, size_t n, uint8_t *out);

/* Each writes one whole frame into `out` (TC_MAX_WIRE bytes) and returns its length. */
size_t tc_hello(uint8_t *out, uint16_t seq, const uint8_t firmware[3], uint8_t readers);
size_t tc_tag(uint8_t *out, uint16_t seq, enum tc_kind kind, uint8_t reader,
              const struct tc_uid *uid);
size_t tc_heartbeat(uint8_t *out, uint16_t seq, uint32_t uptime_ms, const uint8_t *health,
                    uint8_t readers);
size_t tc_snapshot(uint8_t *out, uint16_t seq, const struct tc_uid *uids, uint8_t readers);
size_t tc_error(uint8_t *out, uint16_t seq, enum tc_error code, uint8_t reader, uint8_t detail);
size_t tc_pong(uint8_t *out, uint16_t seq, uint16_t token);

/* A host command, as received. */
struct tc_command {
    uint8_t kind;
    uint16_t seq;
    uint16_t token; /* a ping's */
};

/* The receiver of host commands: fed byte by byte from the UART. */
struct tc_rx {
    uint8_t held[TC_RX_MAX];
    uint8_t len;
    uint8_t spilled; /* more bytes than any command: the frame is dropped at its zero */
};

enum tc_rx_result {
    TC_RX_NONE = 0,    /* nothing yet */
    TC_RX_COMMAND = 1, /* `command` holds a whole, checked command */
    TC_RX_BAD = 2,     /* a frame was dropped: its CRC, COBS or length failed */
    TC_RX_UNKNOWN = 3  /* a checked frame of a kind the board does not take */
};

void tc_rx_init(struct tc_rx *rx);
enum tc_rx_result tc_rx_byte(struct tc_rx *rx, uint8_t byte, struct tc_command *command);

#endif
