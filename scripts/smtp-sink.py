#!/usr/bin/env python3
"""A tiny SMTP server for the tests: accepts every message on 127.0.0.1 and keeps it.

    scripts/smtp-sink.py FOLDER [--hang-after-data]

Listens on a free port and prints it on the first line of standard output. Each message is
written to FOLDER/N.eml exactly as received (dot-unstuffed), with FOLDER/N.json holding the
envelope: the MAIL FROM, the RCPT TOs and the AUTH credentials, if any. Speaks EHLO, AUTH
PLAIN and LOGIN, MAIL, RCPT, DATA, RSET, NOOP and QUIT; offers no STARTTLS. Runs until killed.
With --hang-after-data it keeps each message but never answers its DATA: the client is stopped
(killed) between the message leaving and its sender hearing so, as `invoic sdi send`'s test does.
"""
import base64, json, os, socketserver, sys

folder = sys.argv[1]
hang = "--hang-after-data" in sys.argv[2:]
os.makedirs(folder, exist_ok=True)
count = 0


class Session(socketserver.StreamRequestHandler):
    def reply(self, line):
        self.wfile.write((line + "\r\n").encode())
        self.wfile.flush()

    def readline(self):
        line = self.rfile.readline()
        if not line:
            raise EOFError
        return line.decode("utf-8", "replace").rstrip("\r\n")

    def handle(self):
        global count
        envelope = {"from": None, "to": [], "auth": None}
        self.reply("220 localhost invoic test sink")
        try:
            while True:
                line = self.readline()
                verb = line.split(" ", 1)[0].upper()
                if verb in ("EHLO", "HELO"):
                    self.wfile.write(b"250-localhost\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SIZE 52428800\r\n")
                    self.wfile.flush()
                elif verb == "AUTH":
                    parts = line.split(" ")
                    if parts[1].upper() == "PLAIN":
                        token = parts[2] if len(parts) > 2 else (self.reply("334 ") or self.readline())
                        _, user, password = base64.b64decode(token).decode().split("\0")
                    else:
                        self.reply("334 VXNlcm5hbWU6")
                        user = base64.b64decode(self.readline()).decode()
                        self.reply("334 UGFzc3dvcmQ6")
                        password = base64.b64decode(self.readline()).decode()
                    envelope["auth"] = [user, password]
                    self.reply("235 2.7.0 Authentication successful")
                elif verb == "MAIL":
                    envelope["from"] = line.split(":", 1)[1].strip().split(" ")[0]
                    self.reply("250 OK")
                elif verb == "RCPT":
                    envelope["to"].append(line.split(":", 1)[1].strip())
                    self.reply("250 OK")
                elif verb == "DATA":
                    self.reply("354 End data with <CR><LF>.<CR><LF>")
                    data = bytearray()
                    while True:
                        raw = self.rfile.readline()
                        if raw in (b".\r\n", b".\n", b""):
                            break
                        data += raw[1:] if raw.startswith(b"..") else raw
                    count += 1
                    with open(os.path.join(folder, f"{count}.eml"), "wb") as out:
                        out.write(bytes(data))
                    with open(os.path.join(folder, f"{count}.json"), "w") as out:
                        json.dump(envelope, out)
                    envelope = {"from": None, "to": [], "auth": envelope["auth"]}
                    if hang:
                        self.rfile.read()  # until the client is gone
                        return
                    self.reply("250 OK: queued")
                elif verb == "RSET":
                    envelope = {"from": None, "to": [], "auth": envelope["auth"]}
                    self.reply("250 OK")
                elif verb == "NOOP":
                    self.reply("250 OK")
                elif verb == "QUIT":
                    self.reply("221 Bye")
                    return
                else:
                    self.reply("502 Command not implemented")
        except EOFError:
            return


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


with Server(("127.0.0.1", 0), Session) as server:
    print(server.server_address[1], flush=True)
    server.serve_forever()
