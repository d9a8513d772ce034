// The board's Arduino glue: its pins, its UART and its clock around the portable core
// (core/board.h). One MFRC522 per reader on the shared SPI bus, each with a select line
// of its own (SELECT, reader 0 first); the host on the USB serial port at 115200 baud.
#include <Arduino.h>
#include <SPI.h>

extern "C" {
#include "../core/board.h"
}

#ifndef READERS
#define READERS 8
#endif

static const uint8_t SELECT[TC_MAX_READERS] = {10, 9, 8, 7, 6, 5, 4, 3};
static const uint8_t FIRMWARE[3] = {1, 0, 0};

static void select_reader(void *, uint8_t reader, int on) {
    digitalWrite(SELECT[reader], on ? LOW : HIGH);
}

static uint8_t transfer(void *, uint8_t byte) { return SPI.transfer(byte); }

static uint32_t clock_ms(void *) { return millis(); }

static void send_bytes(void *, const uint8_t *bytes, size_t n) { Serial.write(bytes, n); }

static const struct tc_bus bus = {nullptr, select_reader, transfer};
static struct tc_board board;

void setup() {
    Serial.begin(115200);
    for (uint8_t r = 0; r < TC_MAX_READERS; r++) {
        pinMode(SELECT[r], OUTPUT);
        digitalWrite(SELECT[r], HIGH); // every reader deselected before the bus starts
    }
    SPI.begin();
    SPI.beginTransaction(SPISettings(4000000, MSBFIRST, SPI_MODE0));
    const struct tc_glue glue = {nullptr, clock_ms, send_bytes};
    tc_board_init(&board, &bus, READERS, FIRMWARE, glue);
}

void loop() {
    while (Serial.available() > 0) {
        tc_board_byte(&board, (uint8_t)Serial.read());
    }
    tc_board_poll(&board);
}
