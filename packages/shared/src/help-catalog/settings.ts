import { SETTINGS_ACCESS_HELP } from './settings-access.ts';
import { SETTINGS_DATA_HELP } from './settings-data.ts';
import type { THelpPage } from './types.ts';

/** The Settings menu: platform configuration, event categories, the map's layers and icons, logs and statistics. */
const SETTINGS_PLATFORM_HELP: THelpPage[] = [
  {
    url: '/configuration',
    category: 'settings',
    'pt-PT': {
      title: 'Configuração da plataforma',
      contents: `<p>Aqui define-se o que vale para toda a plataforma: o título e a cor, o mapa público, o trânsito, o aviso geral e os destaques do mapa.</p>
<h2>Definições da plataforma</h2>
<ul>
<li><p><strong>Título da aplicação</strong>, <strong>Cor principal</strong> e <strong>Permitir modo escuro</strong>: o aspeto da consola e do mapa.</p></li>
<li><p><strong>Email de suporte</strong>: aparece na página Sobre.</p></li>
<li><p><strong>Permitir reportar ocorrências</strong>: mostra o botão Reportar ocorrência no mapa.</p></li>
<li><p><strong>Mostrar trânsito (Waze)</strong> e o <strong>Endereço do feed Waze for Cities</strong>: acrescentam Trânsito ao filtro do mapa.</p></li>
<li><p><strong>Centro do mapa</strong>, <strong>Zoom do mapa</strong>, <strong>Zoom máximo</strong> e <strong>Limites do mapa</strong>: onde o mapa público abre e até onde se pode mover.</p></li>
<li><p><strong>Endereço do mapa base</strong>, as opções da Google (com a sua chave) e o <strong>Endereço do geocodificador</strong>, para a pesquisa encontrar ruas.</p></li>
</ul>
<p>Depois de mudar, carregue em <strong>Guardar</strong>.</p>
<h2>Aviso geral e destaques</h2>
<ol>
<li><p><strong>Aviso geral</strong>: escreva o texto e carregue em <strong>Publicar aviso</strong>; aparece no topo da consola a todos os que têm sessão iniciada. Deixe vazio para o retirar.</p></li>
<li><p><strong>Destaques do mapa</strong>: texto que abre numa janela quando o mapa abre; os visitantes podem fechá-lo de vez até o texto mudar. Textos com menos de 15 caracteres não aparecem.</p></li>
</ol>
<h2>Limites administrativos</h2>
<p>Importe o ficheiro GeoJSON da Carta Administrativa Oficial de Portugal (CAOP) para a pesquisa do mapa levar os visitantes a um concelho ou freguesia.</p>
<h2>Permissões</h2>
<p>WRITE_CONFIGURATION.</p>
<h2>Cuidados</h2>
<ul>
<li><p>A chave do Google Maps é usada pelos navegadores: restrinja-a ao endereço deste sítio na consola Google Cloud.</p></li>
<li><p>Todas as mudanças ficam no registo de auditoria; das chaves fica só a indicação de que mudaram.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Platform configuration',
      contents: `<p>This is where settings for the whole platform live: title and color, the public map, traffic, the general announcement and the map highlights.</p>
<h2>Platform settings</h2>
<ul>
<li><p><strong>Application title</strong>, <strong>Main colour</strong> and <strong>Allow dark mode</strong>: how the console and the map look.</p></li>
<li><p><strong>Support email</strong>: shown on the About page.</p></li>
<li><p><strong>Allow event reporting</strong>: shows the Report an occurrence button on the map.</p></li>
<li><p><strong>Show traffic (Waze)</strong> and the <strong>Waze for Cities feed address</strong>: add Traffic to the map filter.</p></li>
<li><p><strong>Map centre</strong>, <strong>Map zoom</strong>, <strong>Maximum zoom</strong> and <strong>Map limits</strong>: where the public map opens and how far it may be moved.</p></li>
<li><p><strong>Base map address</strong>, the Google options (with its key) and the <strong>Geocoder address</strong>, for the search to find streets.</p></li>
</ul>
<p>Once changed, click <strong>Save</strong>.</p>
<h2>General announcement and highlights</h2>
<ol>
<li><p><strong>General announcement</strong>: type the text and click <strong>Publish announcement</strong>; it shows at the top of the console to everyone signed in. Leave it empty to remove it.</p></li>
<li><p><strong>Map highlights</strong>: text that opens in a window when the map opens; visitors may discard it until the text changes. Texts under 15 characters are not shown.</p></li>
</ol>
<h2>Administrative boundaries</h2>
<p>Import the GeoJSON file of Portugal's Official Administrative Map (CAOP) so the map's search can take visitors to a municipality or parish.</p>
<h2>Permissions</h2>
<p>WRITE_CONFIGURATION.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>The Google Maps key is used by browsers: restrict it to this site's address in the Google Cloud console.</p></li>
<li><p>Every change goes into the audit log; for keys, only the fact that they changed is kept.</p></li>
</ul>`,
    },
  },
  {
    url: '/event-category',
    category: 'settings',
    'pt-PT': {
      title: 'Categorias de ocorrências',
      contents: `<p>As categorias classificam as ocorrências (acidente, obra, árvore caída…) e decidem como são tratadas: quem é responsável, se o público as pode reportar e por que estados passam.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar categorias pelo nome</strong> e <strong>Filtros</strong> por tipo de categoria, visibilidade e estado.</p></li>
<li><p>A coluna <strong>Ocorrências</strong> diz quantas ocorrências usam a categoria.</p></li>
<li><p><strong>Nova categoria</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Alterar uma categoria</h2>
<ol>
<li><p>Clique no nome e altere o que precisa nas secções <strong>Categoria</strong>, <strong>Tratamento</strong>, <strong>Público e pedidos de ocorrência</strong> e <strong>Estados</strong>.</p></li>
<li><p>Carregue em <strong>Guardar</strong>. As mudanças valem para as novas ocorrências e pedidos.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_EVENT_CATEGORIES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Uma categoria com ocorrências, pedidos ou modelos de regras não pode ser eliminada: desligue <strong>Ativa</strong>, e deixa de ser oferecida em novas ocorrências e pedidos.</p></li>
<li><p>Se o público deixar de poder reportar, confirme <strong>Permitir ao público</strong> e que a categoria está ativa.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Event categories',
      contents: `<p>Categories classify events (crash, roadworks, fallen tree…) and decide how they are handled: who is responsible, whether the public may report them and which statuses they go through.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search categories by name</strong> and <strong>Filters</strong> by category type, visibility and status.</p></li>
<li><p>The <strong>Events</strong> column says how many events use the category.</p></li>
<li><p><strong>New category</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Changing a category</h2>
<ol>
<li><p>Click the name and change what you need under <strong>Category</strong>, <strong>Handling</strong>, <strong>Public and event requests</strong> and <strong>Statuses</strong>.</p></li>
<li><p>Click <strong>Save</strong>. Changes apply to new events and requests.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_EVENT_CATEGORIES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A category with events, requests or rule templates cannot be deleted: switch <strong>Active</strong> off, and it is no longer offered for new events and requests.</p></li>
<li><p>If the public can no longer report under it, check <strong>Allow public</strong> and that the category is active.</p></li>
</ul>`,
    },
  },
  {
    url: '/event-category/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar uma categoria de ocorrências',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Categoria</strong>: o <strong>Nome</strong>, o ícone e o <strong>Tipo de categoria</strong>. <strong>Corte de trânsito</strong> e <strong>Perigo no trânsito</strong> pedem sentido e subtipo em cada ocorrência e entram no feed do Waze; as restantes são <strong>Genérica</strong>.</p></li>
<li><p>Em <strong>Tratamento</strong>: <strong>Atribuída à entidade</strong> (a responsável pelas novas ocorrências e pedidos; vazio, a entidade de quem cria), o <strong>Agente dos pedidos</strong> (um utilizador dessa entidade) e, se for o caso, <strong>Limitar ao tipo de utilizador</strong>.</p></li>
<li><p>Em <strong>Público e pedidos de ocorrência</strong>: <strong>Permitir ao público</strong> para os visitantes a poderem reportar e verem as suas ocorrências públicas; <strong>Permitir localização</strong> e <strong>Permitir o envio de fotografias</strong> no formulário de pedido.</p></li>
<li><p>Em <strong>Estados</strong>: os <strong>Estados das ocorrências</strong> por que passam (Aberta é sempre um deles) e para que estado passa a ocorrência quando a entidade de origem ou a responsável comenta.</p></li>
<li><p>Carregue em <strong>Criar categoria</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_EVENT_CATEGORIES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>O agente dos pedidos recebe as notificações dos pedidos novos: escolha alguém que os trate no dia a dia.</p></li>
<li><p>Sem <strong>Permitir localização</strong>, quem aceita o pedido tem de colocar a ocorrência no mapa à mão.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating an event category',
      contents: `<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Category</strong>: the <strong>Name</strong>, icon and <strong>Category type</strong>. <strong>Road closure</strong> and <strong>Traffic hazard</strong> ask each event for a direction and sub-type and go into the Waze feed; the others are <strong>Generic</strong>.</p></li>
<li><p>Under <strong>Handling</strong>: <strong>Allocated to entity</strong> (responsible for new events and requests; empty, the creator's entity), the <strong>Report agent</strong> (a user of that entity) and, if needed, <strong>Limit to user type</strong>.</p></li>
<li><p>Under <strong>Public and event requests</strong>: <strong>Allow public</strong> so visitors may report it and see its public events; <strong>Allow location</strong> and <strong>Allow photo upload</strong> on the request form.</p></li>
<li><p>Under <strong>Statuses</strong>: the <strong>Event statuses</strong> its events go through (Open is always one of them) and the status an event moves to when the origin or the responsible entity comments.</p></li>
<li><p>Click <strong>Create category</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_EVENT_CATEGORIES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>The report agent gets the notifications of new requests: choose someone who handles them day to day.</p></li>
<li><p>Without <strong>Allow location</strong>, whoever accepts a request has to place the event on the map by hand.</p></li>
</ul>`,
    },
  },
  {
    url: '/audit',
    category: 'settings',
    'pt-PT': {
      title: 'Registo de auditoria',
      contents: `<p>O registo de auditoria guarda cada alteração feita na plataforma: quem (e em nome de quem, se estava a personificar), quando, de que endereço IP, a que registo, e os valores antes e depois.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar no registo</strong> e <strong>Filtros</strong>: utilizador, tipo de registo, ação e período.</p></li>
<li><p><strong>Ver detalhes</strong> numa linha mostra as <strong>Alterações</strong> campo a campo.</p></li>
<li><p><strong>Exportar CSV</strong> descarrega as entradas que os filtros mostram.</p></li>
</ul>
<h2>Tarefas comuns</h2>
<ol>
<li><p>Para saber quem mudou um utilizador: filtre o tipo de registo «Utilizador», escreva o nome na pesquisa e abra os detalhes.</p></li>
<li><p>Para um relatório de atividade: escolha o período e exporte em CSV.</p></li>
</ol>
<h2>Permissões</h2>
<p>READ_AUDIT_LOG.</p>
<h2>Cuidados</h2>
<ul>
<li><p>O registo não se altera nem se apaga a partir da consola.</p></li>
<li><p>«Sem sessão» indica ações do próprio sistema ou de visitantes, como um pedido de ocorrência.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Audit log',
      contents: `<p>The audit log keeps every change made on the platform: who (and on whose behalf, when impersonating), when, from which IP address, to which record, with the values before and after.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search the log</strong> and <strong>Filters</strong>: user, record type, action and period.</p></li>
<li><p><strong>Show details</strong> on a row shows the <strong>Changes</strong> field by field.</p></li>
<li><p><strong>Export CSV</strong> downloads the entries the filters show.</p></li>
</ul>
<h2>Common tasks</h2>
<ol>
<li><p>To find who changed a user: filter the record type “User”, type the name in the search and open the details.</p></li>
<li><p>For an activity report: pick the period and export to CSV.</p></li>
</ol>
<h2>Permissions</h2>
<p>READ_AUDIT_LOG.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>The log cannot be changed or deleted from the console.</p></li>
<li><p>“No session” marks actions by the system itself or by visitors, such as an event request.</p></li>
</ul>`,
    },
  },
  {
    url: '/fe-debug',
    category: 'settings',
    'pt-PT': {
      title: 'Erros do navegador',
      contents: `<p>Quando um ecrã falha no navegador de alguém (staff ou visitante), a página de erro comunica-o aqui. Serve à equipa técnica para encontrar e corrigir falhas.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar na mensagem ou no endereço</strong>.</p></li>
<li><p>A lista mostra o erro, o endereço, o utilizador, quando foi visto a primeira e a última vez e o <strong>N.º de vezes</strong>.</p></li>
<li><p><strong>Ver detalhes</strong> mostra o dispositivo (navegador, idioma, tamanho do ecrã e da janela), a pilha de chamadas e os componentes.</p></li>
</ul>
<h2>Permissões</h2>
<p>READ_AUDIT_LOG.</p>
<h2>Cuidados</h2>
<ul>
<li><p>O mesmo erro do mesmo dispositivo em 10 minutos conta como repetição.</p></li>
<li><p>Um erro que não volta a aparecer é apagado ao fim dos dias definidos em Configuração (90 por omissão).</p></li>
<li><p>Estes relatórios não entram no registo de auditoria.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Browser errors',
      contents: `<p>When a screen fails in someone's browser (staff or visitor), the error page reports it here. It helps the technical team find and fix faults.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search the message or the address</strong>.</p></li>
<li><p>The list shows the error, the address, the user, when it was first and last seen and the <strong>Times seen</strong>.</p></li>
<li><p><strong>See details</strong> shows the device (browser, language, screen and window size), the call stack and the components.</p></li>
</ul>
<h2>Permissions</h2>
<p>READ_AUDIT_LOG.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>The same error from the same device within 10 minutes counts as a repeat.</p></li>
<li><p>An error not seen again is deleted after the number of days set in Configuration (90 by default).</p></li>
<li><p>These reports are not in the audit log.</p></li>
</ul>`,
    },
  },
  {
    url: '/layers',
    category: 'settings',
    'pt-PT': {
      title: 'Camadas do mapa',
      contents: `<p>As camadas extra são mapas de outros serviços (mosaicos XYZ, WMS ou TileJSON), como ortofotos ou a rede de ciclovias, que se podem escolher no seletor de tipo de mapa. Esta página mostra também o estado do trânsito (Waze for Cities).</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar camadas por nome ou endereço</strong>.</p></li>
<li><p>Cada camada diz se está <strong>No mapa</strong> (os visitantes podem escolhê-la) ou <strong>Só na consola</strong>.</p></li>
<li><p><strong>Nova camada</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
<li><p>No quadro do trânsito: as filas no mapa, a última leitura com sucesso e a última falha; <strong>Ler o feed agora</strong> lê o feed sem esperar.</p></li>
</ul>
<h2>Alterar uma camada</h2>
<ol>
<li><p>Clique no nome e altere a origem dos mosaicos ou a aparência.</p></li>
<li><p>Confirme na <strong>Pré-visualização</strong> que os mosaicos aparecem, e guarde.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_LAYERS.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Se a pré-visualização ficar vazia, o serviço não está a responder ou o endereço está errado.</p></li>
<li><p>O trânsito liga-se e desliga-se em Configuração (Mostrar trânsito); com ele ligado é preciso o endereço do feed.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Map layers',
      contents: `<p>Extra layers are maps from other services (XYZ tiles, WMS or TileJSON), such as aerial photos or the cycle network, that can be picked in the map-type selector. This page also shows the traffic feed's state (Waze for Cities).</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search layers by name or address</strong>.</p></li>
<li><p>Each layer says whether it is <strong>On the map</strong> (visitors can pick it) or <strong>Console only</strong>.</p></li>
<li><p><strong>New layer</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
<li><p>In the traffic panel: the jams on the map, the last successful reading and the last failure; <strong>Read the feed now</strong> reads it without waiting.</p></li>
</ul>
<h2>Changing a layer</h2>
<ol>
<li><p>Click the name and change the tile source or the appearance.</p></li>
<li><p>Check in the <strong>Preview</strong> that the tiles show, then save.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_LAYERS.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>If the preview stays empty, the service is not answering or the address is wrong.</p></li>
<li><p>Traffic is switched on and off in Configuration (Show traffic); when on, it needs the feed address.</p></li>
</ul>`,
    },
  },
  {
    url: '/layers/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar uma camada do mapa',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Camada</strong>: o <strong>Nome</strong> que os visitantes veem no seletor e uma <strong>Miniatura</strong> (PNG ou JPEG até 190 KB).</p></li>
<li><p>Em <strong>Origem dos mosaicos</strong>: o <strong>Tipo de serviço</strong> e o <strong>Endereço</strong>. Para XYZ, um modelo com {z}, {x} e {y}; para WMS, um pedido GetMap em EPSG:3857 com BBOX={bbox-epsg-3857}; para TileJSON, o endereço do documento.</p></li>
<li><p>Preencha a <strong>Atribuição</strong> que a licença do serviço exige (por exemplo, © Direção-Geral do Território).</p></li>
<li><p>Opcional: <strong>Tamanho dos mosaicos</strong>, <strong>Zoom máximo dos mosaicos</strong>, <strong>Cor de fundo</strong> e <strong>Limitar a uma área</strong> (fora dela não se pedem mosaicos).</p></li>
<li><p>Ligue <strong>Disponível no mapa</strong> para os visitantes a poderem escolher.</p></li>
<li><p>Veja a <strong>Pré-visualização</strong> e carregue em <strong>Criar camada</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_LAYERS.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Use apenas serviços cuja licença permita o uso público, e indique sempre a atribuição.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a map layer',
      contents: `<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Layer</strong>: the <strong>Name</strong> visitors see in the selector and a <strong>Thumbnail</strong> (PNG or JPEG up to 190 KB).</p></li>
<li><p>Under <strong>Tile source</strong>: the <strong>Service type</strong> and <strong>Address</strong>. For XYZ, a template with {z}, {x} and {y}; for WMS, a GetMap request in EPSG:3857 with BBOX={bbox-epsg-3857}; for TileJSON, the document's address.</p></li>
<li><p>Fill in the <strong>Attribution</strong> the service's licence asks for (for instance © OpenStreetMap contributors).</p></li>
<li><p>Optional: <strong>Tile size</strong>, <strong>Maximum tile zoom</strong>, <strong>Background colour</strong> and <strong>Limit to an area</strong> (no tiles are requested outside it).</p></li>
<li><p>Switch <strong>Offered on the map</strong> on for visitors to be able to pick it.</p></li>
<li><p>Check the <strong>Preview</strong> and click <strong>Create layer</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_LAYERS.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Only use services whose licence allows public use, and always give the attribution.</p></li>
</ul>`,
    },
  },
  {
    url: '/sprite',
    category: 'settings',
    'pt-PT': {
      title: 'Ícones do mapa',
      contents: `<p>Os ícones do mapa formam a folha de sprites que os estilos do mapa usam para desenhar paragens, sistemas e camadas personalizadas.</p>
<h2>Carregar ícones</h2>
<ol>
<li><p>Em <strong>Carregar ícones</strong>, arraste ficheiros SVG ou clique para os escolher. O nome de cada ícone vem do nome do ficheiro.</p></li>
<li><p>Os ficheiros recusados (demasiado grandes ou inválidos) são indicados um a um.</p></li>
</ol>
<h2>Gerir os ícones</h2>
<ul>
<li><p><strong>Pesquisar ícones pelo nome</strong>; clique num ícone para mudar o <strong>Nome</strong>, o <strong>Tamanho no mapa</strong> (o lado maior, em píxeis) ou <strong>Substituir SVG</strong>.</p></li>
<li><p>Em <strong>Folha de sprites</strong>, <strong>Copiar o endereço da folha</strong> dá o endereço a indicar em «sprite» nos estilos; cada ícone indica-se pelo nome em «icon-image».</p></li>
</ul>
<h2>Permissões</h2>
<p>MANAGE_SPRITES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Os nomes só aceitam letras minúsculas, algarismos, - e _. Mudar o nome de um ícone obriga a mudar os estilos que o usam.</p></li>
<li><p>Os SVG são limpos de scripts e ligações externas antes de serem guardados.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Map icons',
      contents: `<p>The map icons make up the sprite sheet the map's styles use to draw stops, systems and custom layers.</p>
<h2>Uploading icons</h2>
<ol>
<li><p>Under <strong>Upload icons</strong>, drag SVG files or click to choose them. Each icon is named after its file.</p></li>
<li><p>Refused files (too large or invalid) are listed one by one.</p></li>
</ol>
<h2>Managing icons</h2>
<ul>
<li><p><strong>Search icons by name</strong>; click an icon to change its <strong>Name</strong>, its <strong>Size on the map</strong> (the longer side, in pixels) or <strong>Replace SVG</strong>.</p></li>
<li><p>Under <strong>Sprite sheet</strong>, <strong>Copy the sheet's address</strong> gives the address styles name as their “sprite”; each icon is named in “icon-image”.</p></li>
</ul>
<h2>Permissions</h2>
<p>MANAGE_SPRITES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Names only take lower-case letters, digits, - and _. Renaming an icon means changing the styles that use it.</p></li>
<li><p>SVGs are cleaned of scripts and external links before they are stored.</p></li>
</ul>`,
    },
  },
  {
    url: '/statistics',
    category: 'settings',
    'pt-PT': {
      title: 'Estatísticas de utilização',
      contents: `<p>Mostra como o mapa público é usado: quantas sessões houve, quanto duraram, em que dispositivos e navegadores, e que sistemas foram mais abertos.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Períodos rápidos</strong> (últimos 7, 30 ou 90 dias) ou um <strong>Período</strong> à escolha.</p></li>
<li><p>Os totais: <strong>Sessões no mapa</strong>, <strong>Duração média</strong> e <strong>Sistemas abertos</strong>; o gráfico de <strong>Sessões por dia</strong>.</p></li>
<li><p><strong>Tipos de dispositivo</strong>, <strong>Navegadores</strong>, <strong>Sistemas operativos</strong> e <strong>Sistemas mais abertos</strong>.</p></li>
</ul>
<h2>Permissões</h2>
<p>MANAGE_DASHBOARDS.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Cada sessão conta no dia em que começou. Não se guardam dados pessoais dos visitantes.</p></li>
<li><p>Um sistema entretanto eliminado aparece como «Sistema eliminado» com o seu número.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Usage statistics',
      contents: `<p>Shows how the public map is used: how many sessions there were, how long they lasted, on which devices and browsers, and which systems were opened most.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Quick periods</strong> (last 7, 30 or 90 days) or a <strong>Period</strong> of your choice.</p></li>
<li><p>The totals: <strong>Map sessions</strong>, <strong>Average duration</strong> and <strong>Systems opened</strong>; the <strong>Sessions per day</strong> chart.</p></li>
<li><p><strong>Device types</strong>, <strong>Browsers</strong>, <strong>Operating systems</strong> and <strong>Most opened systems</strong>.</p></li>
</ul>
<h2>Permissions</h2>
<p>MANAGE_DASHBOARDS.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Each session counts on the day it started. No personal data about visitors is kept.</p></li>
<li><p>A system deleted since shows as “Deleted system” with its number.</p></li>
</ul>`,
    },
  },
];

export const SETTINGS_HELP: THelpPage[] = [...SETTINGS_PLATFORM_HELP, ...SETTINGS_DATA_HELP, ...SETTINGS_ACCESS_HELP];
