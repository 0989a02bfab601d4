// Command tlcp-peer is a TLCP (GB/T 38636, version 0x0101) peer on github.com/tjfoc/gmsm v1.4.1's
// gmtls, for interoperability tests. It offers ECC_SM4_CBC_SM3 (0xE013) alone: gmsm v1.4.1 has no
// working ECDHE and no GCM.
//
//	tlcp-peer server -port P -sign-cert F -sign-key F -enc-cert F -enc-key F [-pass PW]
//	                 [-client-ca ROOT] [-reply LINE] [-once] [-timeout D]
//	tlcp-peer client -port P [-host H] [-server-name N] -ca ROOT [-sign-cert F -sign-key F]
//	                 [-pass PW] [-message LINE] [-read-line] [-timeout D]
//
// Keys are PEM: "PRIVATE KEY" (PKCS#8) or GmSSL's "ENCRYPTED PRIVATE KEY" (PBES2 with
// PBKDF2-HMAC-SM3 and SM4-CBC), opened with -pass. A PEM file holding several keys gives its
// first one.
//
// The server prints "listening on 127.0.0.1:P" on stdout once it accepts connections; for each
// connection it prints "handshake ok: version 0x0101 suite 0xe013 client <subject or ->", then
// echoes what it reads until the client closes (or, with -reply, reads one line and answers LINE
// and a newline), then prints "closed: N bytes read" (or "error: ..." on stderr). It serves
// connections one after another until killed; with -once it ends after the first, exiting 0 if
// that one went well and 1 if not.
//
// The client connects (ServerName -server-name, RootCAs -ca), prints "handshake ok: ..." on
// stderr, sends -message and a newline (or, without -message, all of its standard input), reads
// back as many bytes as it sent (with -read-line: one line), prints them on stdout and closes. It
// exits 0 on success and 1 on any failure, "error: ..." on stderr. Asked for a certificate, it
// sends the -sign-cert file's chain and signs CertificateVerify over SM3 of the handshake
// messages; gmsm's client has no double certificate (its ECDHE does not work), so it takes no
// -enc-cert.
//
// gmsm itself prints "handshake error : ..." on stdout when a handshake fails. Its client
// verifies every certificate of the server's list as a leaf for ServerName, so a list holding a
// CA certificate (without that name) is refused.
package main

import (
	"bufio"
	"bytes"
	"crypto/cipher"
	"crypto/ecdsa"
	"crypto/hmac"
	"encoding/asn1"
	"encoding/binary"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"hash"
	"io"
	"io/ioutil"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/tjfoc/gmsm/gmtls"
	"github.com/tjfoc/gmsm/sm2"
	"github.com/tjfoc/gmsm/sm3"
	"github.com/tjfoc/gmsm/sm4"
	"github.com/tjfoc/gmsm/x509"
)

const suite = gmtls.GMTLS_SM2_WITH_SM4_SM3

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tlcp-peer server|client [options]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "server":
		err = server(os.Args[2:])
	case "client":
		err = client(os.Args[2:])
	default:
		err = fmt.Errorf("unknown mode %q: server or client", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

type keyFlags struct {
	signCert, signKey, encCert, encKey, pass *string
}

func addKeyFlags(fs *flag.FlagSet, withEnc bool) keyFlags {
	keys := keyFlags{
		signCert: fs.String("sign-cert", "", "signing certificate (PEM; further certificates in the file follow it in the chain)"),
		signKey:  fs.String("sign-key", "", "signing private key (PEM)"),
		pass:     fs.String("pass", "", "password of encrypted keys"),
	}
	if withEnc {
		keys.encCert = fs.String("enc-cert", "", "encryption certificate (PEM)")
		keys.encKey = fs.String("enc-key", "", "encryption private key (PEM)")
	}
	return keys
}

func server(args []string) error {
	fs := flag.NewFlagSet("server", flag.ExitOnError)
	port := fs.Int("port", 0, "port to listen on (127.0.0.1)")
	keys := addKeyFlags(fs, true)
	clientCA := fs.String("client-ca", "", "root certificate (PEM): require and verify a client certificate")
	reply := fs.String("reply", "", "read one line and answer this line, instead of echoing")
	once := fs.Bool("once", false, "serve one connection, then exit (0 if it went well)")
	timeout := fs.Duration("timeout", 30*time.Second, "limit on each connection")
	fs.Parse(args)

	sign, err := pair(*keys.signCert, *keys.signKey, *keys.pass)
	if err != nil {
		return fmt.Errorf("signing pair: %w", err)
	}
	enc, err := pair(*keys.encCert, *keys.encKey, *keys.pass)
	if err != nil {
		return fmt.Errorf("encryption pair: %w", err)
	}
	config := &gmtls.Config{
		GMSupport:    gmtls.NewGMSupport(),
		Certificates: []gmtls.Certificate{sign, enc},
		CipherSuites: []uint16{suite},
	}
	if *clientCA != "" {
		pool, err := certPool(*clientCA)
		if err != nil {
			return err
		}
		config.ClientAuth = gmtls.RequireAndVerifyClientCert
		config.ClientCAs = pool
	}
	listener, err := gmtls.Listen("tcp", "127.0.0.1:"+strconv.Itoa(*port), config)
	if err != nil {
		return err
	}
	defer listener.Close()
	fmt.Printf("listening on %s\n", listener.Addr())
	for {
		conn, err := listener.Accept()
		if err != nil {
			return err
		}
		err = serve(conn.(*gmtls.Conn), *reply, *timeout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "error:", err)
		}
		if *once {
			if err != nil {
				os.Exit(1)
			}
			return nil
		}
	}
}

func serve(conn *gmtls.Conn, reply string, timeout time.Duration) error {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(timeout))
	if err := conn.Handshake(); err != nil {
		return fmt.Errorf("handshake: %w", err)
	}
	state := conn.ConnectionState()
	peer := "-"
	if len(state.PeerCertificates) > 0 {
		peer = state.PeerCertificates[0].Subject.String()
	}
	fmt.Printf("handshake ok: version 0x%04x suite 0x%04x client %s\n", state.Version, state.CipherSuite, peer)
	var read int
	if reply != "" {
		line, err := bufio.NewReader(conn).ReadString('\n')
		read = len(line)
		if err != nil {
			return fmt.Errorf("reading a line (%d bytes read): %w", read, err)
		}
		if _, err := conn.Write([]byte(reply + "\n")); err != nil {
			return err
		}
	} else {
		buf := make([]byte, 16384)
		for {
			n, err := conn.Read(buf)
			if n > 0 {
				read += n
				if _, werr := conn.Write(buf[:n]); werr != nil {
					return werr
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("reading (%d bytes read): %w", read, err)
			}
		}
	}
	fmt.Printf("closed: %d bytes read\n", read)
	return nil
}

func client(args []string) error {
	fs := flag.NewFlagSet("client", flag.ExitOnError)
	host := fs.String("host", "127.0.0.1", "server address")
	port := fs.Int("port", 0, "server port")
	serverName := fs.String("server-name", "localhost", "name the server certificate must carry")
	ca := fs.String("ca", "", "root certificate (PEM) to verify the server with")
	keys := addKeyFlags(fs, false)
	message := fs.String("message", "", "line to send (default: all of standard input)")
	readLine := fs.Bool("read-line", false, "read one line back, not as many bytes as were sent")
	timeout := fs.Duration("timeout", 30*time.Second, "limit on the connection")
	fs.Parse(args)

	roots, err := certPool(*ca)
	if err != nil {
		return err
	}
	config := &gmtls.Config{
		GMSupport:    gmtls.NewGMSupport(),
		RootCAs:      roots,
		ServerName:   *serverName,
		CipherSuites: []uint16{suite},
	}
	if *keys.signCert != "" {
		sign, err := pair(*keys.signCert, *keys.signKey, *keys.pass)
		if err != nil {
			return fmt.Errorf("signing pair: %w", err)
		}
		config.Certificates = []gmtls.Certificate{sign}
	}
	var data []byte
	if *message != "" {
		data = []byte(*message + "\n")
	} else if data, err = ioutil.ReadAll(os.Stdin); err != nil {
		return err
	}
	dialer := &net.Dialer{Timeout: *timeout}
	conn, err := gmtls.DialWithDialer(dialer, "tcp", net.JoinHostPort(*host, strconv.Itoa(*port)), config)
	if err != nil {
		return fmt.Errorf("handshake: %w", err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(*timeout))
	state := conn.ConnectionState()
	fmt.Fprintf(os.Stderr, "handshake ok: version 0x%04x suite 0x%04x server %s\n", state.Version, state.CipherSuite,
		state.PeerCertificates[0].Subject.String())
	if _, err := conn.Write(data); err != nil {
		return err
	}
	var answer []byte
	if *readLine {
		line, err := bufio.NewReader(conn).ReadBytes('\n')
		answer = line
		if err != nil {
			os.Stdout.Write(answer)
			return fmt.Errorf("reading the reply (%d bytes read): %w", len(answer), err)
		}
	} else {
		answer = make([]byte, len(data))
		n, err := io.ReadFull(conn, answer)
		answer = answer[:n]
		if err != nil {
			os.Stdout.Write(answer)
			return fmt.Errorf("reading the reply (%d of %d bytes read): %w", n, len(data), err)
		}
	}
	os.Stdout.Write(answer)
	return nil
}

// pair loads a certificate (and the certificates after it in the file) with its private key.
func pair(certFile, keyFile, pass string) (gmtls.Certificate, error) {
	var out gmtls.Certificate
	if certFile == "" || keyFile == "" {
		return out, errors.New("a certificate and a key file are both needed")
	}
	certPEM, err := ioutil.ReadFile(certFile)
	if err != nil {
		return out, err
	}
	for rest := certPEM; ; {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type == "CERTIFICATE" {
			out.Certificate = append(out.Certificate, block.Bytes)
		}
	}
	if len(out.Certificate) == 0 {
		return out, fmt.Errorf("%s: no CERTIFICATE", certFile)
	}
	keyPEM, err := ioutil.ReadFile(keyFile)
	if err != nil {
		return out, err
	}
	key, err := privateKey(keyPEM, pass)
	if err != nil {
		return out, fmt.Errorf("%s: %w", keyFile, err)
	}
	leaf, err := x509.ParseCertificate(out.Certificate[0])
	if err != nil {
		return out, fmt.Errorf("%s: %w", certFile, err)
	}
	public, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok || public.Curve != sm2.P256Sm2() {
		return out, fmt.Errorf("%s: not an SM2 certificate", certFile)
	}
	if public.X.Cmp(key.X) != 0 || public.Y.Cmp(key.Y) != 0 {
		return out, fmt.Errorf("%s does not hold the key of %s", keyFile, certFile)
	}
	out.PrivateKey = key
	out.Leaf = leaf
	return out, nil
}

func certPool(file string) (*x509.CertPool, error) {
	data, err := ioutil.ReadFile(file)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(data) {
		return nil, fmt.Errorf("%s: no certificate", file)
	}
	return pool, nil
}

// privateKey reads the first private key of a PEM file.
func privateKey(data []byte, pass string) (*sm2.PrivateKey, error) {
	for rest := data; ; {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil, errors.New("no PRIVATE KEY or ENCRYPTED PRIVATE KEY")
		}
		switch block.Type {
		case "PRIVATE KEY":
			return x509.ParsePKCS8UnecryptedPrivateKey(block.Bytes)
		case "ENCRYPTED PRIVATE KEY":
			plain, err := decryptPbes2(block.Bytes, []byte(pass))
			if err != nil {
				return nil, err
			}
			return x509.ParsePKCS8UnecryptedPrivateKey(plain)
		}
	}
}

var (
	oidPbes2   = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 13}
	oidPbkdf2  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 5, 12}
	oidHmacSm3 = asn1.ObjectIdentifier{1, 2, 156, 10197, 1, 401, 2}
	oidSm4Cbc  = asn1.ObjectIdentifier{1, 2, 156, 10197, 1, 104, 2}
)

type encryptedPrivateKeyInfo struct {
	Algorithm struct {
		Oid    asn1.ObjectIdentifier
		Params struct {
			Kdf struct {
				Oid    asn1.ObjectIdentifier
				Params struct {
					Salt       []byte
					Iterations int
					KeyLength  int `asn1:"optional"`
					Prf        struct {
						Oid    asn1.ObjectIdentifier
						Params asn1.RawValue `asn1:"optional"`
					}
				}
			}
			Cipher struct {
				Oid asn1.ObjectIdentifier
				Iv  []byte
			}
		}
	}
	Data []byte
}

// decryptPbes2 opens GmSSL's encrypted PKCS#8: PBES2, PBKDF2 with HMAC-SM3, SM4-CBC with PKCS#7 padding.
func decryptPbes2(der, pass []byte) ([]byte, error) {
	var info encryptedPrivateKeyInfo
	if _, err := asn1.Unmarshal(der, &info); err != nil {
		return nil, fmt.Errorf("encrypted key: %w", err)
	}
	a := info.Algorithm
	kdf := a.Params.Kdf.Params
	if !a.Oid.Equal(oidPbes2) || !a.Params.Kdf.Oid.Equal(oidPbkdf2) || !kdf.Prf.Oid.Equal(oidHmacSm3) ||
		!a.Params.Cipher.Oid.Equal(oidSm4Cbc) {
		return nil, errors.New("encrypted key: not PBES2 with PBKDF2-HMAC-SM3 and SM4-CBC")
	}
	if kdf.KeyLength != 0 && kdf.KeyLength != 16 {
		return nil, fmt.Errorf("encrypted key: key length %d", kdf.KeyLength)
	}
	block, err := sm4.NewCipher(pbkdf2(sm3.New, pass, kdf.Salt, kdf.Iterations, 16))
	if err != nil {
		return nil, err
	}
	if len(a.Params.Cipher.Iv) != 16 || len(info.Data) == 0 || len(info.Data)%16 != 0 {
		return nil, errors.New("encrypted key: bad IV or data length")
	}
	plain := make([]byte, len(info.Data))
	cipher.NewCBCDecrypter(block, a.Params.Cipher.Iv).CryptBlocks(plain, info.Data)
	pad := int(plain[len(plain)-1])
	if pad < 1 || pad > 16 || !bytes.Equal(plain[len(plain)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		return nil, errors.New("encrypted key: wrong password")
	}
	return plain[:len(plain)-pad], nil
}

// pbkdf2 is PBKDF2 of RFC 8018 with the given HMAC hash.
func pbkdf2(h func() hash.Hash, password, salt []byte, iterations, length int) []byte {
	prf := hmac.New(h, password)
	var out []byte
	for i := uint32(1); len(out) < length; i++ {
		prf.Reset()
		prf.Write(salt)
		var counter [4]byte
		binary.BigEndian.PutUint32(counter[:], i)
		prf.Write(counter[:])
		u := prf.Sum(nil)
		t := append([]byte(nil), u...)
		for n := 1; n < iterations; n++ {
			prf.Reset()
			prf.Write(u)
			u = prf.Sum(u[:0])
			for j := range t {
				t[j] ^= u[j]
			}
		}
		out = append(out, t...)
	}
	return out[:length]
}
