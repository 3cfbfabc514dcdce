#!/bin/sh
# needs CONFIG_FOO
modprobe foo
