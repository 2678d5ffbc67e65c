# Flick's entry points. `make test` is what CI runs (through .ci/run).
SWIFT ?= swift

.PHONY: deps test

# Debian packages Flick builds and tests with. Installed with apt-get when run as root;
# otherwise the exact command is printed.
SYSTEM_PACKAGES :=

deps:
	@missing=""; \
	for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "Flick needs these Debian packages. Run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

test: deps
	$(SWIFT) test --disable-xctest
