// The phone's contract (its messages, close codes and limits) is a module of its own, so the fuzz targets can take
// it without the server's packages; everything that talks to phones imports it through the server, as before.
@_exported import BeaconPhoneProtocol
