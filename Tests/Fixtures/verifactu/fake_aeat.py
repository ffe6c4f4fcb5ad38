#!/usr/bin/env python3
"""A local stand-in for the AEAT's VERI*FACTU web service, written from SistemaFacturacion.wsdl
(operation RegFactuSistemaFacturacion, SOAP 1.1 document/literal) and RespuestaSuministro.xsd,
for invoic's tests. HTTPS that requires a client certificate signed by the test's CA, as the AEAT
requires a qualified one.

Per record (RegistroAlta or RegistroAnulacion) it answers, by NumSerieFactura:
  --reject N      Incorrecto, CodigoErrorRegistro 1100 (a field rejected)
  --with-errors N AceptadoConErrores, CodigoErrorRegistro 2000
  otherwise       Correcto
and a record it already registered (same operation and IDFactura) Incorrecto 3000 with
RegistroDuplicado, as the AEAT does. --drop-once registers the records of the first message and
closes the connection without answering (a lost answer). --fault-once answers the first message
with a SOAP fault (the message refused, nothing registered).

Each request body (RegFactuSistemaFacturacion) and each answer body
(RespuestaRegFactuSistemaFacturacion) is saved standalone in --log as request-N.xml and
answer-N.xml, for the test to validate against the official schemas; --log/requests.txt lists the
client certificate's subject of each request. It prints `listening PORT` once it accepts.
"""
import argparse, http.server, os, ssl, sys, threading
import xml.etree.ElementTree as ET

SOAP = 'http://schemas.xmlsoap.org/soap/envelope/'
BASE = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/'
LR, INFO, RESP = BASE + 'SuministroLR.xsd', BASE + 'SuministroInformacion.xsd', BASE + 'RespuestaSuministro.xsd'

parser = argparse.ArgumentParser()
parser.add_argument('--cert'); parser.add_argument('--key'); parser.add_argument('--ca')
parser.add_argument('--log')
parser.add_argument('--reject', action='append', default=[]); parser.add_argument('--with-errors', action='append', default=[])
parser.add_argument('--drop-once', action='store_true'); parser.add_argument('--fault-once', action='store_true')
parser.add_argument('--wait', default='60')
args = parser.parse_args()

registered = {}   # (operation, nif, number, date) -> state
count = [0]
lock = threading.Lock()

def esc(text):
    return text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')

def find(element, path):
    node = element
    for name in path.split('/'):
        node = None if node is None else node.find('{%s}%s' % (INFO, name))
    return '' if node is None or node.text is None else node.text.strip()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *a):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get('Content-Length', '0')))
        with lock:
            count[0] += 1
            n = count[0]
            subject = dict(x[0] for x in self.connection.getpeercert().get('subject', ()))
            with open(os.path.join(args.log, 'requests.txt'), 'a') as f:
                f.write('%d %s %s %s\n' % (n, subject.get('commonName', ''), self.headers.get('Content-Type'), self.headers.get('SOAPAction')))
            envelope = ET.fromstring(body)
            message = envelope.find('{%s}Body/{%s}RegFactuSistemaFacturacion' % (SOAP, LR))
            with open(os.path.join(args.log, 'request-%d.xml' % n), 'wb') as f:
                f.write(ET.tostring(message, encoding='utf-8'))
            if args.fault_once and n == 1:
                fault = ('<env:Envelope xmlns:env="%s"><env:Body><env:Fault><faultcode>env:Client</faultcode>'
                         '<faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NIF</faultstring>'
                         '</env:Fault></env:Body></env:Envelope>' % SOAP).encode()
                self.send_response(500); self.send_header('Content-Type', 'text/xml; charset=UTF-8')
                self.send_header('Content-Length', str(len(fault))); self.end_headers(); self.wfile.write(fault)
                return
            cabecera = message.find('{%s}Cabecera' % LR)
            nif = find(cabecera, 'ObligadoEmision/NIF')
            name = find(cabecera, 'ObligadoEmision/NombreRazon')
            lines, states = [], []
            for registro in message.findall('{%s}RegistroFactura' % LR):
                alta = registro.find('{%s}RegistroAlta' % INFO)
                if alta is not None:
                    operation, ids = 'Alta', (find(alta, 'IDFactura/IDEmisorFactura'), find(alta, 'IDFactura/NumSerieFactura'), find(alta, 'IDFactura/FechaExpedicionFactura'))
                else:
                    anulacion = registro.find('{%s}RegistroAnulacion' % INFO)
                    operation, ids = 'Anulacion', (find(anulacion, 'IDFactura/IDEmisorFacturaAnulada'), find(anulacion, 'IDFactura/NumSerieFacturaAnulada'), find(anulacion, 'IDFactura/FechaExpedicionFacturaAnulada'))
                key = (operation,) + ids
                extra = ''
                if key in registered:
                    state, code, text = 'Incorrecto', '3000', 'Registro de facturación duplicado.'
                    extra = ('<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>2025%06d</tik:IdPeticionRegistroDuplicado>'
                             '<tik:EstadoRegistroDuplicado>%s</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>' % (n, registered[key]))
                elif ids[1] in args.reject:
                    state, code, text = 'Incorrecto', '1100', 'Valor o tipo incorrecto del campo: DescripcionOperacion <script>\u009b31m'
                elif ids[1] in args.with_errors:
                    state, code, text = 'AceptadoConErrores', '2000', 'El cálculo de la cuota repercutida no se corresponde.'
                else:
                    state, code, text = 'Correcto', None, None
                if state != 'Incorrecto':
                    registered[key] = 'Correcta' if state == 'Correcto' else 'AceptadaConErrores'
                states.append(state)
                line = ('<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>%s</tik:IDEmisorFactura><tik:NumSerieFactura>%s</tik:NumSerieFactura>'
                        '<tik:FechaExpedicionFactura>%s</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>%s</tik:TipoOperacion></tikR:Operacion>'
                        '<tikR:EstadoRegistro>%s</tikR:EstadoRegistro>' % (esc(ids[0]), esc(ids[1]), esc(ids[2]), operation, state))
                if code:
                    line += '<tikR:CodigoErrorRegistro>%s</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>%s</tikR:DescripcionErrorRegistro>' % (code, esc(text))
                lines.append(line + extra + '</tikR:RespuestaLinea>')
            if args.drop_once and n == 1:
                # The AEAT took the records; the answer never reaches the client.
                self.close_connection = True
                self.connection.shutdown(2)
                return
            estado = 'Correcto' if all(s == 'Correcto' for s in states) else 'Incorrecto' if all(s == 'Incorrecto' for s in states) else 'ParcialmenteCorrecto'
            csv = '' if estado == 'Incorrecto' else ('<tikR:CSV>A-Y23JP3582934%02d</tikR:CSV><tikR:DatosPresentacion><tik:NIFPresentador>%s</tik:NIFPresentador>'
                                                     '<tik:TimestampPresentacion>2026-03-02T11:30:05+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>' % (n, esc(nif)))
            answer = ('<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="%s" xmlns:tik="%s">%s'
                      '<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>%s</tik:NombreRazon><tik:NIF>%s</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>'
                      '<tikR:TiempoEsperaEnvio>%s</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>%s</tikR:EstadoEnvio>%s'
                      '</tikR:RespuestaRegFactuSistemaFacturacion>' % (RESP, INFO, csv, esc(name), esc(nif), args.wait, estado, ''.join(lines)))
            with open(os.path.join(args.log, 'answer-%d.xml' % n), 'w', encoding='utf-8') as f:
                f.write(answer)
            out = ('<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="%s"><env:Header/><env:Body Id="Body">%s</env:Body></env:Envelope>'
                   % (SOAP, answer)).encode('utf-8')
            self.send_response(200)
            self.send_header('Content-Type', 'text/xml; charset=UTF-8')
            self.send_header('Content-Length', str(len(out)))
            self.end_headers()
            self.wfile.write(out)

context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(args.cert, args.key)
context.load_verify_locations(args.ca)
context.verify_mode = ssl.CERT_REQUIRED
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
server.socket = context.wrap_socket(server.socket, server_side=True)
print('listening %d' % server.server_address[1], flush=True)
server.serve_forever()
