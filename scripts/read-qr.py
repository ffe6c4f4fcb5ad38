#!/usr/bin/python3
"""Prints the payload of every QR code on a page image, as the bytes it holds (hex, one line per
code), for the tests: `pdftoppm -gray -r 200 -f N -l N x.pdf page` then `read-qr.py page-N.pgm`.
Reads the grey PGM that pdftoppm writes with numpy alone, and decodes with zxing-cpp (Debian's
python3-zxing-cpp), which reads UTF-8 payloads without an ECI marker and Swiss QR-bills."""
import sys
import numpy
import zxingcpp


def read_pgm(path):
    data = open(path, "rb").read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    assert fields[0] == b"P5" and int(fields[3]) < 256, "an 8-bit grey PGM"
    width, height = int(fields[1]), int(fields[2])
    return numpy.frombuffer(data, dtype=numpy.uint8, count=width * height, offset=position + 1).reshape(height, width)


for result in zxingcpp.read_barcodes(read_pgm(sys.argv[1]), formats=zxingcpp.BarcodeFormat.QRCode):
    print(bytes(result.bytes).hex())
