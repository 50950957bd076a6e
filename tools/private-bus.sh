# A private session bus for starting draftd by D-Bus activation, sourced by the scripts that do
# (tools/start-time.sh, tests/test-selection.sh, test-install.sh, test-deb.sh), so the config
# they trust is written once.
#   private_bus_conf DIR SERVICEDIR: DIR/bus.conf, a bus listening in DIR that activates
#     from SERVICEDIR only, and waits for a cold start (models loaded, caches empty) that
#     D-Bus's default 25 s would cut short.
#   private_bus_service DIR EXEC: DIR/services/org.draftd.Assistant1.service, running EXEC
#     (the command line of the draftd to activate).
private_bus_conf() {
  cat >"$1/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$1</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$2</servicedir>
  <limit name="service_start_timeout">600000</limit>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
}

private_bus_service() {
  mkdir -p "$1/services"
  printf '[D-BUS Service]\nName=org.draftd.Assistant1\nExec=%s\n' "$2" >"$1/services/org.draftd.Assistant1.service"
}
