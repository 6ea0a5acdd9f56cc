"""Kit components: each module builds one component's artifacts from the BuildContext."""
